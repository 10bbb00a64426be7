import type { MetricBlocks, MetricReferences } from '../../domain/metrics/metric-module.ts';
import type { DEFAULT_METRICS } from '../../domain/metrics/registry.ts';
import type { CellColumns } from '../../domain/stats/index.ts';

/** The references a statistics computation compares against, and the blocks it answers, each under its metric's id. */
export type StatisticsReferences = MetricReferences<typeof DEFAULT_METRICS>;
export type StatisticsBlocksOut = MetricBlocks<typeof DEFAULT_METRICS>;

/**
 * Worker threads that turn hourly series into the statistics blocks: a year of hours over
 * dozens of cells is too much work for the event loop. The buffers of the columns a block
 * reads are transferred, not copied: `compute` takes them over, and the caller's arrays in
 * those buffers are empty afterwards (the hours stay usable). A cold radius holds ~7 MB of
 * them, which the event loop's thread would otherwise copy, and collect, on every request.
 * The statistics engine (statistics-engine.ts) calls it; adapters/threads/statistics-pool.ts
 * implements it.
 */
export interface StatisticsPool {
  compute(
    hours: Float64Array,
    cells: readonly CellColumns[],
    references: StatisticsReferences,
  ): Promise<StatisticsBlocksOut>;
  /**
   * runs every block once over on each thread (after a start, before the first requests),
   * so that they do not wait for the JIT to compile them; optional
   */
  exercise?(): Promise<void>;
  /** computations handed to the workers and not answered yet (metrics) */
  pendingTasks?(): number;
  close(): Promise<void>;
}
