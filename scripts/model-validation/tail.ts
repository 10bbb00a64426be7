import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { annualAt, cellsAround } from './air.ts';
import { SITES, type Site } from './sites.ts';

/**
 * The hourly tail of the reference year (issue #46): what a stagnant hour makes of the
 * air where it is worst. Per site: the highest hourly NO2, the hours above the EU hourly
 * limit (200 µg/m³; 18 a year allowed, the Brussels network records essentially none),
 * the highest daily PM2.5, the hours in BelAQI's worst class ("Horrible": NO2 > 75,
 * PM2.5 > 75 or PM10 > 140 µg/m³, scales.ts) and the month of the highest mean NO2.
 */
export const EU_HOURLY_NO2_LIMIT = 200;
const HORRIBLE = { no2: 75, pm25: 75, pm10: 140 } as const;
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

export interface TailRow {
  site: Site;
  maxHourlyNo2: number;
  hoursAboveNo2Limit: number;
  maxDailyPm25: number;
  horribleHours: number;
  /** 0–11 */
  worstNo2Month: number;
}

/** the tail at one site: the mean over the same cells the annual means read */
export function tailAt(engine: ModelEngine, site: Site): TailRow {
  const domain = annualAt(engine, site.lat, site.lon, 0).domain;
  const m = engine.morphology(domain);
  const cells =
    domain === 'belgium'
      ? [cellsAround(m, site.lat, site.lon, 0)[0]!]
      : cellsAround(m, site.lat, site.lon, site.kind === 'traffic' ? 15 : 50);
  const series = engine.series(domain, cells, { kind: 'reference' });
  const hours = series[0]!.hours;
  const at = (field: 'no2' | 'pm25' | 'pm10', i: number) => {
    let sum = 0;
    for (const s of series) sum += s[field][i]!;
    return sum / series.length;
  };
  let maxHourlyNo2 = 0;
  let hoursAboveNo2Limit = 0;
  let horribleHours = 0;
  let maxDailyPm25 = 0;
  const monthSum = new Array<number>(12).fill(0);
  const monthCount = new Array<number>(12).fill(0);
  let daySum = 0;
  let dayCount = 0;
  let day = -1;
  for (let i = 0; i < hours.length; i++) {
    const no2 = at('no2', i);
    const pm25 = at('pm25', i);
    maxHourlyNo2 = Math.max(maxHourlyNo2, no2);
    if (no2 > EU_HOURLY_NO2_LIMIT) hoursAboveNo2Limit++;
    if (no2 > HORRIBLE.no2 || pm25 > HORRIBLE.pm25 || at('pm10', i) > HORRIBLE.pm10) horribleHours++;
    const date = new Date(hours[i]!);
    const month = date.getUTCMonth();
    monthSum[month]! += no2;
    monthCount[month]! += 1;
    const d = Math.floor(hours[i]! / 86_400_000);
    if (d !== day) {
      if (dayCount === 24) maxDailyPm25 = Math.max(maxDailyPm25, daySum / dayCount);
      day = d;
      daySum = 0;
      dayCount = 0;
    }
    daySum += pm25;
    dayCount++;
  }
  if (dayCount === 24) maxDailyPm25 = Math.max(maxDailyPm25, daySum / dayCount);
  const monthly = monthSum.map((s, k) => s / Math.max(1, monthCount[k]!));
  const worstNo2Month = monthly.indexOf(Math.max(...monthly));
  return { site, maxHourlyNo2, hoursAboveNo2Limit, maxDailyPm25, horribleHours, worstNo2Month };
}

/** the tail at the hyper-local zone's sites */
export function tailRows(engine: ModelEngine): TailRow[] {
  return SITES.filter((s) => annualAt(engine, s.lat, s.lon, 0).domain !== 'belgium').map((s) =>
    tailAt(engine, s),
  );
}

export function tailMarkdown(rows: readonly TailRow[]): string {
  const lines = [
    '',
    '',
    `The hourly tail of the reference year at the hyper-local sites: highest hourly NO2, hours above the EU hourly limit (${EU_HOURLY_NO2_LIMIT} µg/m³; at most 18 a year allowed, the Brussels network records essentially none), highest daily PM2.5, hours in BelAQI's worst class ("Horrible") and the month of the highest mean NO2.`,
    '',
    '| site | max hourly NO2 | hours NO2 > 200 | max daily PM2.5 | "Horrible" hours | worst NO2 month |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.site.name} | ${r.maxHourlyNo2.toFixed(0)} | ${r.hoursAboveNo2Limit} | ${r.maxDailyPm25.toFixed(1)} | ${r.horribleHours} | ${MONTHS[r.worstNo2Month]} |`,
    );
  return lines.join('\n');
}
