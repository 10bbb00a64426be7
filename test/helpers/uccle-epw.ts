import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './acceptance.ts';

/**
 * The air temperature of the Brussels package's weather year, read straight from the
 * committed EPW (not through the service's parser): tests compare the model with it.
 * Row i is the hour ending (i mod 24) + 1 of its day, local standard time (UTC+1).
 */
export const BRUSSELS_EPW = join(ROOT, 'data', 'cities', 'brussels', 'weather.epw');
const HOUR_MS = 3_600_000;
const HEADER_LINES = 8;

export function epwAirTemperatures(path = BRUSSELS_EPW): number[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .slice(HEADER_LINES)
    .filter((line) => line.trim() !== '')
    .map((line) => Number(line.split(',')[6]));
}

const EPW_HOURS = 8760;

/**
 * the EPW row of the UTC hour [hourMs, hourMs + 1 h) in a non-leap `year`; the year's
 * last UTC hour is the next year's first local hour, which reads the file's first row
 */
export function epwRowOf(hourMs: number, year: number): number {
  return Math.round((hourMs + HOUR_MS - Date.UTC(year, 0, 1)) / HOUR_MS) % EPW_HOURS;
}
