import type {
  AirBlock,
  AirReference,
  CellColumns,
  ThermalBlock,
  ThermalReference,
  WindBlock,
} from '../../domain/stats/index.ts';

export interface StatisticsTask {
  id: number;
  hours: Float64Array;
  cells: CellColumns[];
  references: { air?: AirReference; thermal?: ThermalReference };
}

export interface StatisticsReply {
  id: number;
  ok: boolean;
  error?: string;
  blocks: { air?: AirBlock; wind?: WindBlock; thermal?: ThermalBlock };
}
