/**
 * The hourly series of a sampled area: for wind and thermal comfort, the value of an hour
 * is the mean over the sampled cells that have a reading (NaN readings are skipped; an
 * hour with no reading at all stays NaN). Air is different: its hourly value is an index
 * averaged per cell (see air-block.ts).
 */
import type { CellColumns } from './types.ts';

export function areaMeanSeries(
  cells: readonly CellColumns[],
  column: keyof CellColumns,
  hourCount: number,
): Float64Array {
  const series = new Float64Array(hourCount);
  for (let i = 0; i < hourCount; i++) {
    let sum = 0;
    let count = 0;
    for (const cell of cells) {
      const value = cell[column][i]!;
      if (Number.isFinite(value)) {
        sum += value;
        count++;
      }
    }
    series[i] = count > 0 ? sum / count : Number.NaN;
  }
  return series;
}
