import type { CellColumns } from '../../domain/stats/index.ts';
import type { StatisticsBlocksOut, StatisticsReferences } from './port.ts';

export interface StatisticsTask {
  id: number;
  hours: Float64Array;
  cells: CellColumns[];
  references: StatisticsReferences;
}

export interface StatisticsReply {
  id: number;
  ok: boolean;
  error?: string;
  blocks: StatisticsBlocksOut;
}
