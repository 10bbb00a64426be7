import type { HourValues, LivePoint } from '../live/live-inputs.ts';
import { valueAt } from '../live/live-inputs.ts';
import type { HourlyRecord } from './hourly-records.ts';

/**
 * The records of `GET /v1/history` (issue #50): the real-time records' fields, one per
 * hour, each tagged with what it stands on:
 *
 * - `observed`: stations measured the air of that hour near the place (IRCEL-CELINE, the
 *   stored readings or a backfilled year's), which the model's air is pulled to;
 * - `assimilated`: no station, but fed inputs drove the model (Open-Meteo meteorology or
 *   CAMS; a backfilled year's ERA5 reanalysis);
 * - `synthetic`: nothing stored for that hour: the model ran on its synthetic weather.
 */
export const HISTORY_BASES = ['observed', 'assimilated', 'synthetic'] as const;
export type HistoryBasis = (typeof HISTORY_BASES)[number];
export type HistoryRecord = HourlyRecord & { basis: HistoryBasis };

export const HISTORY_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];

/** whether any of the points has a value at the hour in any of its series */
export function measuredAt(points: ReadonlyArray<LivePoint<string>>, hourMs: number): boolean {
  for (const point of points)
    for (const series of Object.values(point.series) as Array<HourValues | undefined>)
      if (valueAt(series, hourMs) !== undefined) return true;
  return false;
}

export function basisOf(
  hourMs: number,
  stations: ReadonlyArray<LivePoint<string>>,
  fed: ReadonlyArray<LivePoint<string>>,
): HistoryBasis {
  if (measuredAt(stations, hourMs)) return 'observed';
  if (measuredAt(fed, hourMs)) return 'assimilated';
  return 'synthetic';
}

/** CSV columns: the records' fields in the order of the first record */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.join(',')}\n`;
}

export function csvRow(record: HistoryRecord, columns: readonly string[]): string {
  // every value is a number, an ISO time, digits or a basis word: nothing to quote
  return `${columns.map((c) => (record[c] === undefined ? '' : String(record[c]))).join(',')}\n`;
}
