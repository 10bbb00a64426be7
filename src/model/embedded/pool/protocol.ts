import type { DomainId, LonLatWindow, SeriesSpan, TimedLayer } from '../../../domain/grid/model-data.ts';
import type { LiveInputs } from '../../../domain/live/live-inputs.ts';
import type { ReferenceYears } from '../../../domain/live/reference-year.ts';
import type { TileAddress } from '../../../domain/map/mercator.ts';
import type { ThreadFailure } from '../../../runtime/thread-failure.ts';
import type { HourSpec } from '../compute/hour-tables.ts';
import type { HourSlice } from '../compute/series-output.ts';
import type { WarmTransfer } from '../compute/shared-warm.ts';
import type { MorphologyTransfer } from '../morphology/morphology.ts';

/** Messages between the pool (main thread) and its workers. */
export interface WorkerInit {
  seed: number;
  morphologies: MorphologyTransfer[];
  /** what another thread already warmed (shared memory): a replacement thread adopts it */
  warmed?: WarmTransfer[];
  /** what the feeds read (a thread started after the last `live` task) */
  live?: LiveInputs;
  /** the backfilled reference years (a thread started after the last `reference` task) */
  reference?: ReferenceYears;
}

export type Task =
  /** `share`: answer the warmed results in shared memory (WarmTransfer[]) for the other threads */
  | { method: 'warm'; domains?: DomainId[]; share?: boolean }
  | { method: 'adopt'; transfers: WarmTransfer[] }
  /** run the hot code once over so that the JIT has compiled it before the first request */
  | { method: 'exercise' }
  /** a city domain added or replaced while running: attach its shared buffer */
  | { method: 'attach'; morphologies: MorphologyTransfer[] }
  | { method: 'detach'; domains: DomainId[] }
  /** the feeds' latest values: observed and forecast hours follow them */
  | { method: 'live'; inputs: LiveInputs }
  /** the backfilled reference years: `reference` series and those years' hours follow them */
  | { method: 'reference'; years: ReferenceYears }
  /** `slice`: only that share of the span's hours (one cell's year over several threads) */
  | { method: 'series'; domain: DomainId; cells: number[]; span: SeriesSpan; slice?: HourSlice }
  | { method: 'layerWindow'; domain: DomainId; layer: TimedLayer; hour: HourSpec; window: LonLatWindow }
  | { method: 'layerTile'; domain: DomainId; layer: TimedLayer; hour: HourSpec; tile: TileAddress }
  | { method: 'buildingsTile'; domain: DomainId; tile: TileAddress }
  /** each hour's ranges of all `layers`, from one pass over the cells */
  | { method: 'layerRanges'; domain: DomainId; layers: TimedLayer[]; hours: HourSpec[] }
  /** fault injection (tests): the thread's next task throws, as a bug in the model code would */
  | { method: 'injectBug' };

export interface TaskMessage {
  id: number;
  task: Task;
}

export type ReplyMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ThreadFailure };
