import { apiError } from '../errors/catalogue.ts';

/**
 * `from` and `to` of the history routes (issue #50): ISO 8601 UTC hours, both included,
 * at most 31 days apart. Written `2026-12-01T06:00Z`, `…T06:00:00Z` or `…T06:00:00.000Z`;
 * a time off the hour, an offset other than `Z` or a date alone is a 400 saying so.
 */
export const MAX_HISTORY_DAYS = 31;
const HOUR_MS = 3_600_000;
const UTC_HOUR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z$/;

export interface HourRange {
  fromMs: number;
  toMs: number;
}

function parseHour(name: 'from' | 'to', raw: string | undefined): number {
  if (raw === undefined)
    throw apiError(
      'validation_error',
      `'${name}' is required: an ISO 8601 UTC hour, e.g. 2026-12-01T06:00Z.`,
    );
  const match = UTC_HOUR.exec(raw);
  const ms = match ? Date.parse(raw) : Number.NaN;
  if (!match || !Number.isFinite(ms))
    throw apiError(
      'validation_error',
      `'${name}' must be an ISO 8601 UTC hour such as 2026-12-01T06:00Z (with the Z), got '${raw.slice(0, 40)}'.`,
    );
  const [, y, mo, d, h] = match;
  // Date.parse rolls 24:00 or 02-30 over: the written fields must be the instant's own
  const back = new Date(ms).toISOString();
  if (back.slice(0, 13) !== `${y}-${mo}-${d}T${h}`)
    throw apiError('validation_error', `'${name}' is not a real date and hour: '${raw.slice(0, 40)}'.`);
  if (ms % HOUR_MS !== 0)
    throw apiError('validation_error', `'${name}' must be on the hour (minutes and seconds 00): '${raw}'.`);
  return ms;
}

/** both hours parsed and checked against each other and the 31-day limit */
export function parseHourRange(query: { from?: string | undefined; to?: string | undefined }): HourRange {
  const fromMs = parseHour('from', query.from);
  const toMs = parseHour('to', query.to);
  if (toMs < fromMs) throw apiError('validation_error', "'to' must not be before 'from'.");
  if (toMs - fromMs > MAX_HISTORY_DAYS * 24 * HOUR_MS)
    throw apiError(
      'validation_error',
      `A call covers at most ${MAX_HISTORY_DAYS} days (from and to at most ${MAX_HISTORY_DAYS * 24} hours apart); split the range.`,
    );
  return { fromMs, toMs };
}

export const isoHour = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
