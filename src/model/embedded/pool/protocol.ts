import type { TileAddress } from '../../../domain/map/mercator.ts';
import type { DomainId, LonLatWindow, SeriesSpan, TimedLayer } from '../../port.ts';
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
  /** `slice`: only that share of the span's hours (one cell's year over several threads) */
  | { method: 'series'; domain: DomainId; cells: number[]; span: SeriesSpan; slice?: HourSlice }
  | { method: 'layerWindow'; domain: DomainId; layer: TimedLayer; hour: HourSpec; window: LonLatWindow }
  | { method: 'layerTile'; domain: DomainId; layer: TimedLayer; hour: HourSpec; tile: TileAddress }
  | { method: 'buildingsTile'; domain: DomainId; tile: TileAddress }
  | { method: 'layerRange'; domain: DomainId; layer: TimedLayer; hours: HourSpec[] };

export interface TaskMessage {
  id: number;
  task: Task;
}

export type ReplyMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };
