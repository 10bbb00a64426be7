/**
 * What a published share of windy hours says, in the report's words, without claiming
 * more than the figures hold. The statistics publish shares rounded to 0.1 % (publication.ts):
 * a published 0.0 % of a year of 8,760 hours can still be 1 to 4 hours (issue #49: a page
 * printed "never" under a strongest gust of 10.8 m/s). So a 0.0 % reads "never" only when
 * the block proves no hour crossed the threshold: the year's windiest hour (the highest
 * effective speed, at least every hour's Ucomfort) and its strongest gust, taken at the
 * top of their rounding, classify below it. Otherwise it reads as the bound it is: under
 * 0.05 %, at most so many hours.
 */
import { PCT_DECIMALS, SPEED_DECIMALS } from '../../stats/publication.ts';
import { FREQUENT_SITTING_MS } from './block.ts';
import { windComfortClass } from './comfort-class.ts';
import type { WindBlock } from './types.ts';

export type ExceedanceKey = keyof WindBlock['exceedance_pct'];

/** the lowest comfort class each cumulative share counts (above_frequent_sitting is a speed, not a class) */
const LOWEST_CLASS: Record<Exclude<ExceedanceKey, 'above_frequent_sitting'>, number> = {
  slightly_windy_or_worse: 2,
  windy_or_worse: 3,
  very_windy_or_worse: 4,
  danger: 5,
};

/** the largest value a published speed can stand for */
const ROUNDING_SLACK_MS = 0.5 * 10 ** -SPEED_DECIMALS;
/** a share published as 0 was below this, in percent */
export const ZERO_SHARE_BELOW_PCT = 0.5 * 10 ** -PCT_DECIMALS;

export type ExceedanceReading =
  /** no hour at all, proven by the block's maxima */
  | { kind: 'never' }
  /** published 0.0 % but not provably none: fewer than `atMostHours` + 1 hours */
  | { kind: 'under'; belowPct: number; atMostHours: number }
  /** a published share and the hours it stands for, rounded */
  | { kind: 'about'; pct: number; hours: number };

/** whether no hour of the year can have crossed the threshold of `key`, from the block's maxima */
export function provenNone(wind: WindBlock, key: ExceedanceKey): boolean {
  const topEffective = wind.worst_moment_ms + ROUNDING_SLACK_MS;
  if (key === 'above_frequent_sitting') return topEffective <= FREQUENT_SITTING_MS;
  // the rules only ever ask for a speed above a bound, so the maxima reach the highest class any hour can
  const highest = windComfortClass(topEffective, wind.max_gust_ms + ROUNDING_SLACK_MS) ?? 5;
  return highest < LOWEST_CLASS[key];
}

/** what the share of `key` says about the hours of a year of `hoursInYear` hours */
export function readExceedance(wind: WindBlock, key: ExceedanceKey, hoursInYear: number): ExceedanceReading {
  const pct = wind.exceedance_pct[key];
  if (pct > 0) return { kind: 'about', pct, hours: Math.max(1, Math.round((pct / 100) * hoursInYear)) };
  if (provenNone(wind, key)) return { kind: 'never' };
  // count / hours < 0.05 % → count < 0.0005 × hours
  const bound = (ZERO_SHARE_BELOW_PCT / 100) * hoursInYear;
  return { kind: 'under', belowPct: ZERO_SHARE_BELOW_PCT, atMostHours: Math.max(0, Math.ceil(bound) - 1) };
}
