import { type MetricId as BlockName, DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';
import type { CellColumns } from '../../domain/stats/index.ts';
import type { ThreadFailure } from '../../runtime/thread-failure.ts';
import type { StatisticsBlocksOut, StatisticsReferences } from '../../services/data/statistics-pool-port.ts';

export interface StatisticsTask {
  id: number;
  hours: Float64Array;
  /** which blocks to compute; each cell carries the columns those blocks read */
  blocks: readonly BlockName[];
  cells: Partial<CellColumns>[];
  references: StatisticsReferences;
  /** tally these blocks over the cells from this index on (they carry those blocks' columns), for the pool to merge (BlockTally) */
  tally?: { blocks: readonly BlockName[]; from: number };
}

export interface StatisticsReply {
  id: number;
  ok: boolean;
  /** a throw in the statistics code: a bug (nothing outside the thread can fail there) */
  error?: ThreadFailure;
  blocks: StatisticsBlocksOut;
  /** the tallies asked for (StatisticsTask.tally), by block */
  tallies?: Partial<Record<BlockName, unknown>>;
}

/** The columns each block reads (its metric module's): a task carries only those of its blocks. */
export const BLOCK_COLUMNS = Object.fromEntries(
  DEFAULT_REGISTRY.modules.map((metric) => [metric.id, metric.block.columns]),
) as Record<BlockName, readonly (keyof CellColumns)[]>;
