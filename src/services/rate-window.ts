import type { Counters } from '../adapters/counters/port.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';

const MINUTE_MS = 60_000;

/** The state of a key's minute window after counting one request: what the X-RateLimit-* headers say. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** start of the next window, epoch seconds */
  resetS: number;
  /** whole seconds to the next window, at least 1 (Retry-After) */
  retryAfterS: number;
  /** false: the request is over the limit and was not counted */
  admitted: boolean;
}

/**
 * Counts one request in the key's current minute window (aligned to the minute) in one
 * atomic counter call, and reads the window's state from the counter's answer.
 */
export async function consumeRateWindow(
  counters: Counters,
  key: KeyRecord,
  nowMs: number,
): Promise<RateWindow> {
  const windowStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const nextWindow = windowStart + MINUTE_MS;
  const result = await counters.incrementWithin(
    `rate:${key.id}:${windowStart / 1000}`,
    1,
    key.ratePerMin,
    nextWindow + MINUTE_MS,
  );
  return {
    limit: key.ratePerMin,
    remaining: Math.max(0, key.ratePerMin - result.value),
    resetS: nextWindow / 1000,
    retryAfterS: Math.max(1, Math.ceil((nextWindow - nowMs) / 1000)),
    admitted: result.applied,
  };
}
