import type { DomainId, LonLatWindow, SeriesSpan, TimedLayer } from '../../port.ts';
import type { HourSpec } from '../compute/hour-tables.ts';
import type { MorphologyTransfer } from '../morphology/morphology.ts';

/** Messages between the pool (main thread) and its workers. */
export interface WorkerInit {
  seed: number;
  morphologies: MorphologyTransfer[];
}

export type Task =
  | { method: 'warm'; domains?: DomainId[] }
  /** a city domain added or replaced while running: attach its shared buffer */
  | { method: 'attach'; morphologies: MorphologyTransfer[] }
  | { method: 'detach'; domains: DomainId[] }
  | { method: 'series'; domain: DomainId; cells: number[]; span: SeriesSpan }
  | { method: 'layerWindow'; domain: DomainId; layer: TimedLayer; hour: HourSpec; window: LonLatWindow }
  | { method: 'layerRange'; domain: DomainId; layer: TimedLayer; hours: HourSpec[] };

export interface TaskMessage {
  id: number;
  task: Task;
}

export type ReplyMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };
