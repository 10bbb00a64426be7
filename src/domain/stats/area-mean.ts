/**
 * The hourly series of a sampled area: for wind and thermal comfort, the value of an hour
 * is the mean over the sampled cells that have a reading (NaN readings are skipped; an
 * hour with no reading at all stays NaN). Air is different: its hourly value is an index
 * averaged per cell (see air-block.ts).
 */
import type { CellColumns } from './types.ts';

type ColumnName = keyof CellColumns;

export function areaMeanSeries<Column extends ColumnName>(
  cells: readonly Pick<CellColumns, Column>[],
  column: Column,
  hourCount: number,
): Float64Array {
  // cell by cell, each column read in order (the hour-by-hour order jumped between dozens
  // of arrays); every hour still adds its cells in the same order, so the sums are unchanged
  const sum = new Float64Array(hourCount);
  const count = new Uint32Array(hourCount);
  for (const cell of cells) {
    const values = cell[column];
    for (let i = 0; i < hourCount; i++) {
      const value = values[i]!;
      if (Number.isFinite(value)) {
        sum[i]! += value;
        count[i]!++;
      }
    }
  }
  for (let i = 0; i < hourCount; i++) sum[i] = count[i]! > 0 ? sum[i]! / count[i]! : Number.NaN;
  return sum;
}
