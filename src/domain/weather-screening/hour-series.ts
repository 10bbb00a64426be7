import type { MeteoQuantity } from '../live/readings.ts';
import type { WeatherColumns } from './faults.ts';
import { type ScreeningReport, screenWeather } from './index.ts';

/**
 * Screening of sparse `[hour, value]` series (the live feed's, domain/live/live-inputs.ts):
 * laid on consecutive hours from the first to the last hour any quantity has, screened,
 * and read back at the hours that had a value — a repaired value replaces the flagged
 * one, an hour the feed never gave stays absent (the generator's value stands in).
 */
const HOUR_MS = 3_600_000;
type Series = ReadonlyArray<readonly [number, number]>;

export function screenHourSeries(series: Partial<Record<MeteoQuantity, Series>>): {
  series: Partial<Record<MeteoQuantity, Array<[number, number]>>>;
  report: ScreeningReport;
} {
  const quantities = Object.keys(series) as MeteoQuantity[];
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const q of quantities) {
    const s = series[q]!;
    if (s.length === 0) continue;
    first = Math.min(first, s[0]![0]);
    last = Math.max(last, s.at(-1)![0]);
  }
  const hours = first <= last ? Math.round((last - first) / HOUR_MS) + 1 : 0;
  const columns: WeatherColumns = {};
  for (const q of quantities) {
    const column = new Float64Array(hours).fill(Number.NaN);
    for (const [hourMs, value] of series[q]!) {
      const i = (hourMs - first) / HOUR_MS;
      if (Number.isInteger(i)) column[i] = value;
    }
    columns[q] = column;
  }
  const { columns: screened, report } = screenWeather(columns);
  const out: Partial<Record<MeteoQuantity, Array<[number, number]>>> = {};
  for (const q of quantities) {
    const column = screened[q]!;
    out[q] = series[q]!.flatMap(([hourMs, value]): Array<[number, number]> => {
      const i = (hourMs - first) / HOUR_MS;
      if (!Number.isInteger(i)) return [[hourMs, value]];
      const v = column[i]!;
      return Number.isNaN(v) ? [] : [[hourMs, v]];
    });
  }
  return { series: out, report };
}
