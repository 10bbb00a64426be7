import type { CellSeries } from '../grid/model-data.ts';

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
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function mean(
  series: readonly CellSeries[],
  column: keyof Omit<CellSeries, 'cell' | 'hours'>,
  index: number,
): number {
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
 * Concentrations carry one decimal, speeds and UTCI two; quantities the domain does not
 * model are left out of the record rather than sent as null.
 */
export function meanRecords(
  series: readonly CellSeries[],
  models: { air: boolean; wind: boolean; thermal: boolean },
): HourlyRecord[] {
  const first = series[0];
  if (!first) return [];
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
    if (models.air) {
      record.c = round(mean(series, 'no2', i), 1);
      record.c_pm25 = round(mean(series, 'pm25', i), 1);
      record.c_pm10 = round(mean(series, 'pm10', i), 1);
      record.c_o3 = round(mean(series, 'o3', i), 1);
    }
    if (models.wind) {
      record.ucomfort = round(mean(series, 'ucomfort', i), 2);
      record.ugust = round(mean(series, 'ugust', i), 2);
    }
    if (models.thermal) record.utci = round(mean(series, 'utci', i), 2);
    records.push(record);
  }
  return records;
}
