/**
 * Local civil time in Europe/Brussels without Intl: the statistics split a year of hours
 * into local days, nights, months and seasons, and asking Intl 8 784 times per location
 * is needlessly slow. The EU rule (DOMAIN.md §5): UTC+1, and UTC+2 from the last Sunday
 * of March 01:00 UTC until the last Sunday of October 01:00 UTC. Pure functions: a
 * calendar keeps the current year's transitions while it runs through its hours, and the
 * callers that see the same hours again keep a LocalCalendars memo of their own.
 */
import { BoundedMap } from '../collections/bounded-map.ts';
import type { LocalCalendar, Season } from './types.ts';

export type { LocalCalendar } from './types.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Calendar date of a day count since 1970-01-01 (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday … 6 = Saturday; 1970-01-01 was a Thursday. */
function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

function lastSundayOf31DayMonth(year: number, month: 3 | 10): number {
  const lastDay = daysFromCivil(year, month, 31);
  return lastDay - weekday(lastDay);
}

/** The instants (epoch ms) at which summer time starts and ends in a given year. */
export function summerTimeTransitions(year: number): { summerStartMs: number; summerEndMs: number } {
  return {
    summerStartMs: lastSundayOf31DayMonth(year, 3) * DAY_MS + HOUR_MS,
    summerEndMs: lastSundayOf31DayMonth(year, 10) * DAY_MS + HOUR_MS,
  };
}

/** Offset of Brussels local time from UTC at an instant, in milliseconds (1 or 2 hours). */
export function brusselsOffsetMs(utcMs: number): number {
  const { year } = civilFromDays(Math.floor(utcMs / DAY_MS));
  const { summerStartMs, summerEndMs } = summerTimeTransitions(year);
  return utcMs >= summerStartMs && utcMs < summerEndMs ? 2 * HOUR_MS : HOUR_MS;
}

export const SEASONS: readonly Season[] = ['winter', 'spring', 'summer', 'autumn'];

/** Meteorological season of a calendar month: DJF, MAM, JJA, SON. */
export function seasonOfMonth(month: number): Season {
  if (month === 12 || month <= 2) return 'winter';
  if (month <= 5) return 'spring';
  if (month <= 8) return 'summer';
  return 'autumn';
}

/** Local daytime is 08:00 to 20:00: records whose hour starts at 08 … 19. */
export function isLocalDaytime(localHour: number): boolean {
  return localHour >= 8 && localHour < 20;
}

/**
 * Calendars already built, for a caller that sees the same hours again (a statistics
 * thread): by hours array, and by run of consecutive hours (first hour and length), since
 * every location's statistics read the same reference year, each in arrays of its own,
 * and building a calendar costs more than a block's cheaper loops. A few runs (reference
 * years, forecasts) are all a process ever sees. The caller owns the instance.
 */
export class LocalCalendars {
  private readonly byArray = new WeakMap<Float64Array, LocalCalendar>();
  private readonly byRun = new BoundedMap<string, LocalCalendar>(8);

  /** the local calendar of a series of hours, built once per hours array or run of hours */
  of(hours: Float64Array): LocalCalendar {
    let calendar = this.byArray.get(hours);
    if (calendar) return calendar;
    const key = hours.length > 0 ? runKey(hours) : null;
    calendar = (key !== null ? this.byRun.get(key) : undefined) ?? localCalendar(hours);
    this.byArray.set(hours, calendar);
    if (key !== null && !this.byRun.has(key)) this.byRun.set(key, calendar);
    return calendar;
  }
}

/** `first/length` when `hours` are consecutive whole hours, otherwise null. */
function runKey(hours: Float64Array): string | null {
  const first = hours[0]!;
  for (let i = 1; i < hours.length; i++) if (hours[i] !== first + i * HOUR_MS) return null;
  return `${first}/${hours.length}`;
}

/** The local calendar of a series of hours (LocalCalendars remembers them). */
export function localCalendar(hours: Float64Array): LocalCalendar {
  const n = hours.length;
  const calendar: LocalCalendar = {
    hour: new Uint8Array(n),
    month: new Uint8Array(n),
    season: new Uint8Array(n),
    day: new Int32Array(n),
    night: new Int32Array(n),
  };
  let cachedDay = Number.NaN;
  let cachedMonth = 0;
  // brusselsOffsetMs, with the transitions of the year at hand kept while the hours run through it
  let transitionsYear = Number.NaN;
  let summer = { summerStartMs: 0, summerEndMs: 0 };
  for (let i = 0; i < n; i++) {
    const utc = hours[i]!;
    const { year } = civilFromDays(Math.floor(utc / DAY_MS));
    if (year !== transitionsYear) {
      transitionsYear = year;
      summer = summerTimeTransitions(year);
    }
    const offset = utc >= summer.summerStartMs && utc < summer.summerEndMs ? 2 * HOUR_MS : HOUR_MS;
    const local = utc + offset;
    const day = Math.floor(local / DAY_MS);
    const hour = Math.floor((local - day * DAY_MS) / HOUR_MS);
    if (day !== cachedDay) {
      cachedDay = day;
      cachedMonth = civilFromDays(day).month;
    }
    calendar.hour[i] = hour;
    calendar.month[i] = cachedMonth;
    calendar.season[i] = SEASONS.indexOf(seasonOfMonth(cachedMonth));
    calendar.day[i] = day;
    calendar.night[i] = isLocalDaytime(hour) ? -1 : hour >= 20 ? day : day - 1;
  }
  return calendar;
}
