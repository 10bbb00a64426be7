/**
 * What a backfilled year must be before it replaces a reference year (issue #35): hourly
 * and nearly complete. Short gaps (up to MAX_FILLED_GAP_HOURS) are filled — linearly, a
 * direction along the shorter arc; at the year's edges by the nearest value — and counted;
 * an input still missing more than MAX_MISSING_SHARE of its hours refuses the year, naming
 * the months the hours are missing from.
 */
const HOUR_MS = 3_600_000;
export const MAX_FILLED_GAP_HOURS = 6;
export const MAX_MISSING_SHARE = 0.02;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function yearStartMs(year: number): number {
  return Date.UTC(year, 0, 1);
}

export function hoursInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / HOUR_MS;
}

/** the month (0–11) of hour index `i` of `year` */
export function monthOfHour(year: number, i: number): number {
  return new Date(yearStartMs(year) + i * HOUR_MS).getUTCMonth();
}

export interface FillResult {
  /** a value per hour of the year, NaN where still missing */
  values: Float64Array;
  interpolated: number;
  missing: number;
}

/** fills the gaps of at most `maxGap` hours of a year's hourly values (NaN = missing) */
export function fillShortGaps(
  input: Float64Array,
  options: { circular?: boolean; maxGap?: number } = {},
): FillResult {
  const maxGap = options.maxGap ?? MAX_FILLED_GAP_HOURS;
  const values = Float64Array.from(input);
  const n = values.length;
  let interpolated = 0;
  let i = 0;
  while (i < n) {
    if (!Number.isNaN(values[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && Number.isNaN(values[j]!)) j++;
    const length = j - i;
    const before = i > 0 ? values[i - 1]! : Number.NaN;
    const after = j < n ? values[j]! : Number.NaN;
    if (length <= maxGap && !(Number.isNaN(before) && Number.isNaN(after))) {
      for (let k = i; k < j; k++) {
        if (Number.isNaN(before)) values[k] = after;
        else if (Number.isNaN(after)) values[k] = before;
        else {
          const t = (k - i + 1) / (length + 1);
          let delta = after - before;
          if (options.circular) delta = ((((delta + 180) % 360) + 360) % 360) - 180;
          const v = before + t * delta;
          values[k] = options.circular ? ((v % 360) + 360) % 360 : v;
        }
      }
      interpolated += length;
    }
    i = j;
  }
  let missing = 0;
  for (const v of values) if (Number.isNaN(v)) missing++;
  return { values, interpolated, missing };
}

/** one input's account: how many hours it has, filled, and missing per month */
export interface InputAccount {
  input: string;
  hours: number;
  interpolated: number;
  missing: number;
  /** missing hours per month (0–11) */
  missingByMonth: number[];
}

export function accountOf(
  input: string,
  year: number,
  values: Float64Array,
  interpolated: number,
): InputAccount {
  const missingByMonth = new Array<number>(12).fill(0);
  let missing = 0;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) {
      missing++;
      missingByMonth[monthOfHour(year, i)]! += 1;
    }
  });
  return { input, hours: values.length - missing, interpolated, missing, missingByMonth };
}

/** the reasons a year is refused (empty: accepted) */
export function refusals(accounts: readonly InputAccount[], maxShare = MAX_MISSING_SHARE): string[] {
  const reasons: string[] = [];
  for (const a of accounts) {
    const total = a.hours + a.missing;
    if (total === 0 || a.missing / total <= maxShare) continue;
    const months = a.missingByMonth.flatMap((count, m) =>
      count > 0 ? [`${MONTH_NAMES[m]} (${count} h)`] : [],
    );
    reasons.push(
      `${a.input}: ${a.missing} of ${total} hours missing (${((100 * a.missing) / total).toFixed(1)} %, more than ${100 * maxShare} %), in ${months.join(', ')}`,
    );
  }
  return reasons;
}
