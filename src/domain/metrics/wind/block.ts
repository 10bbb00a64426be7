/**
 * The wind block of the historical statistics. The hourly series of an area is the mean
 * of Ucomfort and of Ugust over the sampled cells (area-mean.ts); an hour counts when
 * both are known. Each hour's class is the wind comfort class of that pair, which is the
 * worse of the comfort class from Ucomfort and the gust class from Ugust.
 */

import { areaMeanSeries } from '../../stats/area-mean.ts';
import { localCalendar } from '../../stats/local-time.ts';
import { perMonth, roundTo, SCORE_DECIMALS, SPEED_DECIMALS, sharePct } from '../../stats/publication.ts';
import { quantileInPlace } from '../../stats/quantile.ts';
import { scoreLabel } from '../../stats/score-label.ts';
import type { StatsInput } from '../../stats/types.ts';
import { windComfortClass } from './comfort-class.ts';
import { WIND_COMFORT_STANDARD } from './scales.ts';
import { effectiveSpeed, lawsonScore, SCORED_THRESHOLDS, worstMomentCeiling } from './score.ts';
import type { WindBlock, WindColumns } from './types.ts';

const CLASS_LABELS = WIND_COMFORT_STANDARD.classes.map((entry) => entry.label);
/** Hours this close (m/s) to the worst moment count as part of it. */
export const WORST_MOMENT_BAND_MS = 0.5;
/** Effective speed above which frequent sitting is no longer comfortable (Lawson A). */
export const FREQUENT_SITTING_MS = 2.5;

export function computeWindBlock(input: StatsInput<WindColumns>): WindBlock | null {
  const { hours, cells } = input;
  const calendar = input.calendar ?? localCalendar(hours);
  const ucomfort = areaMeanSeries(cells, 'ucomfort', hours.length);
  const ugust = areaMeanSeries(cells, 'ugust', hours.length);

  const effective = new Float64Array(hours.length);
  const validU = new Float64Array(hours.length);
  const classHours = [0, 0, 0, 0, 0, 0];
  const above = SCORED_THRESHOLDS.map(() => 0);
  const monthSum = new Array<number>(13).fill(0);
  const monthCount = new Array<number>(13).fill(0);
  let valid = 0;
  let sumEffective = 0;
  let sumU = 0;
  let maxGust = Number.NEGATIVE_INFINITY;
  let worst = Number.NEGATIVE_INFINITY;
  let aboveFrequentSitting = 0;

  for (let i = 0; i < hours.length; i++) {
    const u = ucomfort[i]!;
    const g = ugust[i]!;
    if (Number.isNaN(u) || Number.isNaN(g)) continue;
    const comfortClass = windComfortClass(u, g)!;
    const e = effectiveSpeed(u, g);
    effective[valid] = e;
    validU[valid] = u;
    valid++;
    classHours[comfortClass]!++;
    sumEffective += e;
    sumU += u;
    if (g > maxGust) maxGust = g;
    if (e > worst) worst = e;
    if (e > FREQUENT_SITTING_MS) aboveFrequentSitting++;
    for (let index = 0; index < SCORED_THRESHOLDS.length; index++) {
      if (e > SCORED_THRESHOLDS[index]!) above[index]!++;
    }
    const month = calendar.month[i]!;
    monthSum[month]! += u;
    monthCount[month]!++;
  }
  if (valid === 0) return null;

  const pct = (count: number) => sharePct(count, valid)!;
  const atLeastClass = (lowest: number) => pct(classHours.slice(lowest).reduce((sum, n) => sum + n, 0));
  const score = lawsonScore((threshold) => (100 * above[SCORED_THRESHOLDS.indexOf(threshold)]!) / valid);
  const worstMoment = roundTo(worst, SPEED_DECIMALS);
  let worstMomentHours = 0;
  for (let i = 0; i < valid; i++) if (effective[i]! >= worst - WORST_MOMENT_BAND_MS) worstMomentHours++;
  const p95U = quantileInPlace(validU.subarray(0, valid), 0.95);

  return {
    rating: roundTo(Math.min(score, worstMomentCeiling(worstMoment)), SCORE_DECIMALS),
    score,
    label: scoreLabel(score),
    distribution_pct: Object.fromEntries(
      CLASS_LABELS.map((label, index) => [label, pct(classHours[index + 1]!)]),
    ),
    calm_pct: pct(classHours[1]!),
    eff_mean_ms: roundTo(sumEffective / valid, SPEED_DECIMALS),
    worst_moment_ms: worstMoment,
    worst_moment_hours: worstMomentHours,
    exceedance_pct: {
      above_frequent_sitting: pct(aboveFrequentSitting),
      slightly_windy_or_worse: atLeastClass(2),
      windy_or_worse: atLeastClass(3),
      very_windy_or_worse: atLeastClass(4),
      danger: atLeastClass(5),
    },
    mean_ucomfort_ms: roundTo(sumU / valid, SPEED_DECIMALS),
    p95_ucomfort_ms: roundTo(p95U, SPEED_DECIMALS),
    max_gust_ms: roundTo(maxGust, SPEED_DECIMALS),
    monthly_mean_ucomfort_ms: perMonth((month) =>
      monthCount[month]! > 0 ? roundTo(monthSum[month]! / monthCount[month]!, SPEED_DECIMALS) : null,
    ),
  };
}
