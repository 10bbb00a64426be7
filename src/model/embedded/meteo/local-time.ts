/**
 * Brussels civil time without Intl (called for every hour of every year): CET, and CEST
 * from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC.
 */
const HOUR_MS = 3_600_000;

function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const back = lastDay.getUTCDay();
  return Date.UTC(year, month, lastDay.getUTCDate() - back, 1);
}

const dstCache = new Map<number, [number, number]>();
function dstWindow(year: number): [number, number] {
  let window = dstCache.get(year);
  if (!window) {
    window = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    dstCache.set(year, window);
  }
  return window;
}

/** offset of Brussels civil time from UTC in hours at an instant */
export function brusselsOffsetHours(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const [start, end] = dstWindow(year);
  return ms >= start && ms < end ? 2 : 1;
}

/** local clock hour (0–23), weekday (0 Monday … 6 Sunday) and local date in Brussels */
export function brusselsClock(ms: number): {
  hour: number;
  weekday: number;
  year: number;
  month: number;
  day: number;
} {
  const local = ms + brusselsOffsetHours(ms) * HOUR_MS;
  const days = Math.floor(local / 86_400_000);
  const hour = Math.floor((local - days * 86_400_000) / HOUR_MS);
  // 1970-01-01 was a Thursday (weekday 3 with Monday = 0)
  const weekday = (((days + 3) % 7) + 7) % 7;
  const date = new Date(days * 86_400_000);
  return {
    hour,
    weekday,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  };
}

/** fractional day of year (0 at 1 January 00:00 UTC) and the year's length in days */
export function dayOfYear(ms: number): { doy: number; yearDays: number; year: number } {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  const yearDays = (Date.UTC(year + 1, 0, 1) - start) / 86_400_000;
  return { doy: (ms - start) / 86_400_000, yearDays, year };
}
