import { dayOfYear } from './local-time.ts';

/**
 * Brussels climate normals (Uccle), month by month: the typical meteorological year of
 * DOMAIN.md §5 (mean temperature, mean daily range, RH, 10 m wind) plus our own cloud
 * cover figures, tuned so that global radiation sums to about 965 kWh/m² a year.
 * Values are interpolated smoothly through mid-month points.
 */
const MEAN_TEMP = [3.6, 4.5, 7.3, 9.8, 13.9, 16.5, 18.1, 18.8, 15.0, 11.4, 6.7, 4.0];
const DAILY_RANGE = [4.6, 5.7, 5.9, 7.1, 7.8, 7.9, 7.4, 7.7, 6.9, 5.6, 4.6, 5.0];
const REL_HUMIDITY = [84, 81, 75, 68, 71, 72, 73, 73, 80, 81, 87, 87];
const WIND_10M = [3.8, 3.8, 3.5, 3.5, 3.1, 2.9, 2.7, 2.4, 2.7, 3.4, 3.4, 3.6];
const CLOUD_COVER = [0.8, 0.74, 0.68, 0.58, 0.58, 0.57, 0.58, 0.59, 0.64, 0.72, 0.8, 0.82];

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

export function normalsAt(ms: number): Normals {
  const { doy, yearDays } = dayOfYear(ms);
  const monthPos = (doy / yearDays) * 12;
  return {
    meanTempC: interpolateMonthly(MEAN_TEMP, monthPos),
    dailyRangeC: interpolateMonthly(DAILY_RANGE, monthPos),
    relHumidityPct: interpolateMonthly(REL_HUMIDITY, monthPos),
    wind10Ms: interpolateMonthly(WIND_10M, monthPos),
    cloud: interpolateMonthly(CLOUD_COVER, monthPos),
  };
}

/** the published monthly means, for tests that compare the generated year against them */
export const UCCLE_MONTHLY = { MEAN_TEMP, DAILY_RANGE, REL_HUMIDITY, WIND_10M } as const;
