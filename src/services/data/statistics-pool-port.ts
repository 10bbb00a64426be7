import type {
  AirBlock,
  AirReference,
  CellColumns,
  ThermalBlock,
  ThermalReference,
  WindBlock,
} from '../../domain/stats/index.ts';

/** The references a statistics computation compares against, and the blocks it answers. */
export interface StatisticsReferences {
  air?: AirReference;
  thermal?: ThermalReference;
}
export interface StatisticsBlocksOut {
  air?: AirBlock;
  wind?: WindBlock;
  thermal?: ThermalBlock;
}

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
