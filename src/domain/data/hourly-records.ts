import type { CellColumn, CellSeries, DomainModels } from '../grid/model-data.ts';
import { DEFAULT_METRICS } from '../metrics/registry.ts';

/** One hourly record of the real-time and forecast endpoints (spec: Real-time and forecast record). */
export interface HourlyRecord {
  hour: string;
  timestamp: string;
  c?: number;
  c_pm25?: number;
  c_pm10?: number;
  c_o3?: number;
  ucomfort?: number;
  ugust?: number;
  utci?: number;
  /** meteorology behind the numbers (additional fields, allowed by the spec) */
  air_temp_c: number;
  rel_humidity_pct: number;
  wind_10m_ms: number;
  wind_dir_deg: number;
  /** a modelled metric's field, written by name (its module's `records`) */
  [metricField: string]: number | string | undefined;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function mean(series: readonly CellSeries[], column: CellColumn, index: number): number {
  let sum = 0;
  let count = 0;
  for (const cell of series) {
    const value = cell[column][index]!;
    if (!Number.isNaN(value)) {
      sum += value;
      count++;
    }
  }
  return count === 0 ? Number.NaN : sum / count;
}

/**
 * Averages the sampled cells hour by hour into the records the spec describes.
 * Each metric the domain models fills its fields (its module's `records`, with their
 * decimals); the fields of a metric the domain does not model are left out of the record
 * rather than sent as null.
 */
export function meanRecords(series: readonly CellSeries[], models: DomainModels): HourlyRecord[] {
  const first = series[0];
  if (!first) return [];
  // in the registry's order: the record's fields keep the spec's
  const modelled = DEFAULT_METRICS.flatMap((metric) => (models[metric.id] ? (metric.records ?? []) : []));
  const records: HourlyRecord[] = [];
  for (let i = 0; i < first.hours.length; i++) {
    const hourMs = first.hours[i]!;
    const record: HourlyRecord = {
      hour: new Date(hourMs).toISOString(),
      timestamp: String(hourMs),
      air_temp_c: round(mean(series, 'airTempC', i), 1),
      rel_humidity_pct: round(mean(series, 'relHumidityPct', i), 0),
      wind_10m_ms: round(mean(series, 'wind10Ms', i), 1),
      // the reference wind direction is the same for every cell of a domain: no circular mean needed
      wind_dir_deg: round(first.windDirDeg[i]!, 0),
    };
    for (const { name, column, decimals } of modelled)
      record[name] = round(mean(series, column, i), decimals);
    records.push(record);
  }
  return records;
}
