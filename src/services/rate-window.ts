import type { KeyRecord } from '../domain/keys/key-record.ts';
import type { Counters } from './ports/counters-port.ts';

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

interface WindowCounter {
  name: string;
  nextWindow: number;
  expiresAtMs: number;
}

/**
 * The last counter of each key record. A name built afresh per request is a concatenated
 * string that the memory counters' Map must flatten and hash on every look-up (a visible
 * share of the keyed hot path: docs/history/performance-2026-11-28.md, "Look-up keys built per request"); the same string
 * object carries its hash.
 * Records are replaced when the key cache reads the key again, and leave with their entry.
 */
const lastCounter = new WeakMap<KeyRecord, WindowCounter>();

/** The counter a request is counted in: the key's minute window (aligned to the minute), kept one minute past its end. */
function windowCounter(key: KeyRecord, nowMs: number): WindowCounter {
  const windowStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const nextWindow = windowStart + MINUTE_MS;
  const last = lastCounter.get(key);
  if (last !== undefined && last.nextWindow === nextWindow) return last;
  const counter = {
    name: `rate:${key.id}:${windowStart / 1000}`,
    nextWindow,
    expiresAtMs: nextWindow + MINUTE_MS,
  };
  lastCounter.set(key, counter);
  return counter;
}

/**
 * Counts one request in the key's current minute window in one atomic counter call, and
 * reads the window's state from the counter's answer.
 */
export async function consumeRateWindow(
  counters: Counters,
  key: KeyRecord,
  nowMs: number,
): Promise<RateWindow> {
  const counter = windowCounter(key, nowMs);
  const result = await counters.incrementWithin(counter.name, 1, key.ratePerMin, counter.expiresAtMs);
  return windowState(key, nowMs, counter.nextWindow, result);
}

/** `consumeRateWindow` without a promise, when the counters are in this process's memory; else undefined. */
export function consumeRateWindowNow(
  counters: Counters,
  key: KeyRecord,
  nowMs: number,
): RateWindow | undefined {
  if (counters.incrementWithinNow === undefined) return undefined;
  const counter = windowCounter(key, nowMs);
  const result = counters.incrementWithinNow(counter.name, 1, key.ratePerMin, counter.expiresAtMs);
  return windowState(key, nowMs, counter.nextWindow, result);
}

function windowState(
  key: KeyRecord,
  nowMs: number,
  nextWindow: number,
  result: { value: number; applied: boolean },
): RateWindow {
  return {
    limit: key.ratePerMin,
    remaining: Math.max(0, key.ratePerMin - result.value),
    resetS: nextWindow / 1000,
    retryAfterS: Math.max(1, Math.ceil((nextWindow - nowMs) / 1000)),
    admitted: result.applied,
  };
}
