import type { MonthlyNormals } from '../../../domain/coverage/national-climate.ts';
import { dayOfYear } from './local-time.ts';

/**
 * The climate normals of an hour, interpolated smoothly through the mid-month values of
 * the national climate descriptor (data/national/climate.json, handed to the model): the
 * typical meteorological year of DOMAIN.md §5 (mean temperature, mean daily range, RH,
 * 10 m wind) plus cloud cover figures tuned so that global radiation sums to the
 * station's yearly total.
 */
export interface Normals {
  meanTempC: number;
  dailyRangeC: number;
  relHumidityPct: number;
  wind10Ms: number;
  cloud: number;
}

/** periodic Catmull-Rom through mid-month values */
function interpolateMonthly(values: readonly number[], monthPos: number): number {
  const x = monthPos - 0.5;
  const i = Math.floor(x);
  const f = x - i;
  const at = (k: number) => values[((k % 12) + 12) % 12]!;
  const p0 = at(i - 1);
  const p1 = at(i);
  const p2 = at(i + 1);
  const p3 = at(i + 2);
  return (
    0.5 *
    (2 * p1 +
      (-p0 + p2) * f +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * f * f +
      (-p0 + 3 * p1 - 3 * p2 + p3) * f * f * f)
  );
}

export function normalsAt(ms: number, monthly: MonthlyNormals): Normals {
  const { doy, yearDays } = dayOfYear(ms);
  const monthPos = (doy / yearDays) * 12;
  return {
    meanTempC: interpolateMonthly(monthly.meanTempC, monthPos),
    dailyRangeC: interpolateMonthly(monthly.dailyRangeC, monthPos),
    relHumidityPct: interpolateMonthly(monthly.relHumidityPct, monthPos),
    wind10Ms: interpolateMonthly(monthly.wind10Ms, monthPos),
    cloud: interpolateMonthly(monthly.cloud, monthPos),
  };
}
