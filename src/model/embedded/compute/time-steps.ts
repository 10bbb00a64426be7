/**
 * The model's clock: which hours are observed, which are forecast. Observed hours are
 * every completed hour; a forecast is issued at the latest observed hour with hourly
 * steps for a day, then three-hourly steps out to the ceiling.
 */
export const HOUR_MS = 3_600_000;

export function latestObservedHour(nowMs: number): number {
  return Math.floor(nowMs / HOUR_MS) * HOUR_MS - HOUR_MS;
}

export function forecastSteps(issuedMs: number, ceilingHours: number): number[] {
  const steps: number[] = [];
  const base = Math.floor(issuedMs / HOUR_MS) * HOUR_MS;
  for (let h = 1; h <= ceilingHours; h += h < 24 ? 1 : 3) steps.push(base + h * HOUR_MS);
  return steps;
}

const hoursOfYears = new Map<number, readonly number[]>();

/**
 * Every hour of a calendar year, UTC: one frozen list per year, since every reference-year
 * task asks for it (building 8,760 numbers through Array.from's callback was a visible
 * share of a point's task: docs/history/performance-2026-11-28.md, "A point's year in slices").
 */
export function yearHours(year: number): readonly number[] {
  let hours = hoursOfYears.get(year);
  if (!hours) {
    const start = Date.UTC(year, 0, 1);
    const count = (Date.UTC(year + 1, 0, 1) - start) / HOUR_MS;
    const list: number[] = [];
    for (let i = 0; i < count; i++) list.push(start + i * HOUR_MS);
    hours = Object.freeze(list);
    hoursOfYears.set(year, hours);
  }
  return hours;
}

/** inclusive hourly range */
export function hourRange(fromMs: number, toMs: number): number[] {
  const start = Math.ceil(fromMs / HOUR_MS) * HOUR_MS;
  const out: number[] = [];
  for (let t = start; t <= toMs; t += HOUR_MS) out.push(t);
  return out;
}

export const FORECAST_CEILING_HOURS = 48;
