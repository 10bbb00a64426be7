import type { CellColumns } from '../../domain/stats/index.ts';

const HOUR_MS = 3_600_000;
/** a year of hours from 2025-01-01 UTC: the local calendar's months, seasons and nights all occur */
const EXERCISE_START_MS = Date.UTC(2025, 0, 1);
const EXERCISE_HOURS = 8_760;

/** a value sweeping [low, high] with a period of `period` hours, phase-shifted per cell */
function sweep(i: number, cell: number, low: number, high: number, period: number): number {
  return low + (high - low) * (0.5 + 0.5 * Math.sin((2 * Math.PI * (i + 3 * cell)) / period));
}

/** one cell's synthetic year: a few milliseconds of arithmetic */
function exerciseCell(cell: number): CellColumns {
  const columns = {
    no2: new Float32Array(EXERCISE_HOURS),
    pm25: new Float32Array(EXERCISE_HOURS),
    pm10: new Float32Array(EXERCISE_HOURS),
    ucomfort: new Float32Array(EXERCISE_HOURS),
    ugust: new Float32Array(EXERCISE_HOURS),
    utci: new Float32Array(EXERCISE_HOURS),
    airTempC: new Float32Array(EXERCISE_HOURS),
  } satisfies CellColumns;
  for (let i = 0; i < EXERCISE_HOURS; i++) {
    // the pollutants rise and fall together (an hour's class is its worst pollutant's),
    // each a little apart, so that every class and every dominant pollutant occurs
    const level = sweep(i, cell, 0, 1, 97);
    columns.no2[i] = 1 + 400 * level * sweep(i, cell, 0.7, 1, 31);
    columns.pm25[i] = 0.5 + 90 * level * sweep(i, cell, 0.7, 1, 17);
    columns.pm10[i] = 1 + 150 * level * sweep(i, cell, 0.7, 1, 23);
    const wind = sweep(i, cell, 0, 18, 53);
    columns.ucomfort[i] = wind;
    // a gust factor that varies, so that windy hours with and without strong gusts both occur
    columns.ugust[i] = wind * sweep(i, cell, 1.1, 2, 13);
    columns.utci[i] = sweep(i, cell, -45, 48, 24 * 29);
    columns.airTempC[i] = sweep(i, cell, -15, 35, 24 * 31);
  }
  return columns;
}

function exerciseHours(): Float64Array {
  const hours = new Float64Array(EXERCISE_HOURS);
  for (let i = 0; i < EXERCISE_HOURS; i++) hours[i] = EXERCISE_START_MS + i * HOUR_MS;
  return hours;
}

/**
 * A synthetic year for the statistics threads to run through once after a start, so that
 * V8 has compiled their loops before the first request (the first blocks after a start
 * took many times their later time). Its values sweep every class of each scale (BelAQI
 * 1–10, every wind class, cold to extreme heat), so no branch of the blocks is left
 * without type feedback. Fresh arrays on each call: a computation takes its buffers over.
 */
export function exerciseYear(cellCount: number): { hours: Float64Array; cells: CellColumns[] } {
  return {
    hours: exerciseHours(),
    cells: Array.from({ length: cellCount }, (_, cell) => exerciseCell(cell)),
  };
}

/**
 * The same year, built a cell per turn of the event loop: the exercise runs on a server
 * that already answers requests, and the 24 cells of its radius were a long stretch of
 * arithmetic in one go on a loaded machine (#38: the server's loop stalled while a city
 * was imported in the first minute after a start).
 */
export async function exerciseYearInTurns(
  cellCount: number,
): Promise<{ hours: Float64Array; cells: CellColumns[] }> {
  const hours = exerciseHours();
  const cells: CellColumns[] = [];
  for (let cell = 0; cell < cellCount; cell++) {
    await new Promise((resolve) => setImmediate(resolve));
    cells.push(exerciseCell(cell));
  }
  return { hours, cells };
}
