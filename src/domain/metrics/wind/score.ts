/**
 * Wind scoring (DOMAIN.md §3).
 *
 * Effective speed: comfort is judged on the larger of the hourly mean speed and the
 * gust-equivalent mean (GEM = gust / 1.85), so a gusty hour counts as windy as the steady
 * wind that would feel the same.
 *
 * Score: the City of London / Lawson exceedance method. Each comfort threshold of the
 * effective speed has an annual allowance; the location earns the best band whose
 * threshold is exceeded no more than its allowance (exceeding a threshold excludes that
 * band and every better one). Exceeding the 15 m/s safety allowance scores 0.
 *
 * Rating ceiling: the worst moment, the year's highest effective speed, read on a ladder
 * so that one dangerous storm hour caps the headline even when the year is mostly calm.
 */

export const GUST_EQUIVALENT_FACTOR = 1.85;

export function effectiveSpeed(ucomfort: number, ugust: number): number {
  return Math.max(ucomfort, ugust / GUST_EQUIVALENT_FACTOR);
}

/** Comfort bands, best first: effective-speed threshold (m/s), allowance (% of hours), score. */
export const LAWSON_BANDS = [
  { band: 'Frequent sitting', threshold: 2.5, allowancePct: 5, score: 10 },
  { band: 'Occasional sitting', threshold: 4, allowancePct: 5, score: 8 },
  { band: 'Standing', threshold: 6, allowancePct: 5, score: 6 },
  { band: 'Walking', threshold: 8, allowancePct: 5, score: 4 },
] as const;
/** Every comfort allowance exceeded. */
export const UNCOMFORTABLE_SCORE = 2;
/** Safety: effective speed above 15 m/s for more than 0.022 % of hours (about 2 hours a year). */
export const SAFETY_THRESHOLD_MS = 15;
export const SAFETY_ALLOWANCE_PCT = 0.022;
export const UNSAFE_SCORE = 0;

/** Thresholds whose exceedance the score needs, in m/s. */
export const SCORED_THRESHOLDS = [...LAWSON_BANDS.map((band) => band.threshold), SAFETY_THRESHOLD_MS];

/**
 * Score from the share of hours (percent, unrounded) whose effective speed is strictly
 * above each threshold of SCORED_THRESHOLDS.
 */
export function lawsonScore(percentAbove: (thresholdMs: number) => number): number {
  if (percentAbove(SAFETY_THRESHOLD_MS) > SAFETY_ALLOWANCE_PCT) return UNSAFE_SCORE;
  for (const band of LAWSON_BANDS) {
    if (percentAbove(band.threshold) <= band.allowancePct) return band.score;
  }
  return UNCOMFORTABLE_SCORE;
}

/** Worst-moment ladder: the highest effective speed (m/s) up to which each rating ceiling holds. */
export const WORST_MOMENT_LADDER = [
  { upToMs: 8, ceiling: 10 },
  { upToMs: 10, ceiling: 8 },
  { upToMs: 12, ceiling: 6 },
  { upToMs: 15, ceiling: 4 },
  { upToMs: 20, ceiling: 2 },
] as const;
export const WORST_MOMENT_FLOOR = 0;

export function worstMomentCeiling(worstMomentMs: number): number {
  for (const step of WORST_MOMENT_LADDER) if (worstMomentMs <= step.upToMs) return step.ceiling;
  return WORST_MOMENT_FLOOR;
}
