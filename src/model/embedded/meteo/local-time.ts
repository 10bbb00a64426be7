/**
 * Civil time of a time zone without Intl on the hot path (called for every hour of every
 * year): the zone's offsets are looked up with Intl once per year — the instants where
 * the offset changes, found to the minute — and each later call reads them.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface LocalClockReading {
  /** local clock hour, 0–23 */
  hour: number;
  /** 0 Monday … 6 Sunday */
  weekday: number;
  /** the local date */
  year: number;
  month: number;
  day: number;
}

export interface LocalClock {
  /** offset of civil time from UTC at an instant, hours */
  offsetHours(ms: number): number;
  /** local clock hour, weekday and date at an instant */
  read(ms: number): LocalClockReading;
}

/** the offset of a zone at an instant, in minutes, through Intl (slow: once per probe) */
function intlOffsetMinutes(format: Intl.DateTimeFormat, ms: number): number {
  const name = format.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = name.match(/^GMT(?:([+-])(\d{2}):(\d{2}))?$/);
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** a year's offsets: [start instant, offset minutes] in order, the first at the year's start */
type YearOffsets = Array<[number, number]>;

function yearOffsets(format: Intl.DateTimeFormat, year: number): YearOffsets {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const offsets: YearOffsets = [[start, intlOffsetMinutes(format, start)]];
  let previous = offsets[0]![1];
  // zones change their offset at most a few times a year, never twice within a day
  for (let day = start + DAY_MS; day <= end; day += DAY_MS) {
    const at = Math.min(day, end - MINUTE_MS);
    const offset = intlOffsetMinutes(format, at);
    if (offset === previous) continue;
    // the change lies in (day − 1 day, at]: narrow it to the minute
    let low = day - DAY_MS;
    let high = at;
    while (high - low > MINUTE_MS) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (intlOffsetMinutes(format, mid) === previous) low = mid;
      else high = mid;
    }
    offsets.push([high, offset]);
    previous = offset;
  }
  return offsets;
}

function createLocalClock(timeZone: string): LocalClock {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' });
  const years = new Map<number, YearOffsets>();
  function offsetMinutes(ms: number): number {
    const year = new Date(ms).getUTCFullYear();
    let offsets = years.get(year);
    if (!offsets) {
      offsets = yearOffsets(format, year);
      years.set(year, offsets);
    }
    let minutes = offsets[0]![1];
    for (const [from, offset] of offsets) if (ms >= from) minutes = offset;
    return minutes;
  }
  return {
    offsetHours: (ms) => offsetMinutes(ms) / 60,
    read(ms) {
      const local = ms + offsetMinutes(ms) * MINUTE_MS;
      const days = Math.floor(local / DAY_MS);
      const hour = Math.floor((local - days * DAY_MS) / HOUR_MS);
      // 1970-01-01 was a Thursday (weekday 3 with Monday = 0)
      const weekday = (((days + 3) % 7) + 7) % 7;
      const date = new Date(days * DAY_MS);
      return {
        hour,
        weekday,
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      };
    },
  };
}

const clocks = new Map<string, LocalClock>();

/** the civil clock of an IANA time zone (one per zone and thread, its years memoised) */
export function localClock(timeZone: string): LocalClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = createLocalClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** fractional day of year (0 at 1 January 00:00 UTC) and the year's length in days */
export function dayOfYear(ms: number): { doy: number; yearDays: number; year: number } {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  const yearDays = (Date.UTC(year + 1, 0, 1) - start) / 86_400_000;
  return { doy: (ms - start) / 86_400_000, yearDays, year };
}
