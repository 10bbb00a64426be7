import type { CellSeries } from '../../../domain/grid/model-data.ts';
import type { CellOutput, OutputField } from '../physics/cell-kernel.ts';

/** every column the kernel writes, in the order a series lays them out */
export const OUTPUT_FIELDS: readonly OutputField[] = [
  'no2',
  'pm25',
  'pm10',
  'o3',
  'ucomfort',
  'ugust',
  'utci',
  'airTempC',
  'relHumidityPct',
  'wind10Ms',
  'windDirDeg',
  'ghiWm2',
  'tmrtC',
];

/** the pollutant columns of a series, kept in a buffer of their own (see seriesOutput) */
const AIR_FIELDS: ReadonlySet<OutputField> = new Set(['no2', 'pm25', 'pm10', 'o3']);

/** one plain column per field (layer windows and single readings) */
export function allocateOutput(length: number): CellOutput {
  const out = {} as CellOutput;
  for (const f of OUTPUT_FIELDS) out[f] = new Float32Array(length);
  return out;
}

/**
 * A cell's series columns in two buffers, the pollutants in one and everything else in the
 * other, rather than one small buffer per column: a reference year makes each buffer a
 * few hundred kB, which the allocator maps and unmaps on its own instead of leaving
 * fragments in a heap that never shrinks (the statistics threads read the two groups
 * apart, and take each buffer over whole).
 */
export function seriesOutput(length: number): CellOutput {
  const columnBytes = length * Float32Array.BYTES_PER_ELEMENT;
  const air = new ArrayBuffer(AIR_FIELDS.size * columnBytes);
  const rest = new ArrayBuffer((OUTPUT_FIELDS.length - AIR_FIELDS.size) * columnBytes);
  const out = {} as CellOutput;
  let airAt = 0;
  let restAt = 0;
  for (const f of OUTPUT_FIELDS) {
    if (AIR_FIELDS.has(f)) out[f] = new Float32Array(air, airAt++ * columnBytes, length);
    else out[f] = new Float32Array(rest, restAt++ * columnBytes, length);
  }
  return out;
}

/** which share of a run of hours a task computes: the `index`-th of `of` consecutive slices */
export interface HourSlice {
  index: number;
  of: number;
}

/** the first and past-the-end hour of a slice of `count` hours */
export function sliceBounds(count: number, slice: HourSlice | undefined): { from: number; to: number } {
  if (!slice) return { from: 0, to: count };
  return {
    from: Math.floor((count * slice.index) / slice.of),
    to: Math.floor((count * (slice.index + 1)) / slice.of),
  };
}

/**
 * One cell's series from its consecutive hour slices (computed on different threads), in
 * the layout of seriesOutput: the kernel carries nothing from one hour to the next, so
 * the joined series is the one a single thread would have computed.
 */
export function joinSeriesSlices(slices: readonly CellSeries[]): CellSeries {
  const first = slices[0];
  if (!first) throw new Error('no slices to join');
  if (slices.length === 1) return first;
  let length = 0;
  for (const slice of slices) {
    if (slice.cell !== first.cell) throw new Error('slices of different cells');
    length += slice.hours.length;
  }
  const hours = new Float64Array(length);
  const out = seriesOutput(length);
  let at = 0;
  for (const slice of slices) {
    hours.set(slice.hours, at);
    for (const f of OUTPUT_FIELDS) out[f].set(slice[f], at);
    at += slice.hours.length;
  }
  return { cell: first.cell, hours, ...out };
}
