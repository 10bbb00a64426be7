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
 * The minute windows of the keys, counted in `counters`. Each key record's last counter
 * is kept: a name built afresh per request is a concatenated string that the memory
 * counters' Map must flatten and hash on every look-up (the keyed hot path); the same
 * string object carries its hash. Records are replaced when the key cache reads the key
 * again, and leave with their entry (weak keys). One instance per verifier.
 */
export interface RateWindows {
  /** counts one request in the key's current minute window in one atomic counter call, and reads the window's state from its answer */
  consume(key: KeyRecord, nowMs: number): Promise<RateWindow>;
  /** `consume` without a promise, when the counters are in this process's memory; else undefined (nothing counted) */
  consumeNow(key: KeyRecord, nowMs: number): RateWindow | undefined;
}

export function createRateWindows(counters: Counters): RateWindows {
  const lastCounter = new WeakMap<KeyRecord, WindowCounter>();

  /** the counter a request is counted in: the key's minute window (aligned to the minute), kept one minute past its end */
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

  return {
    async consume(key, nowMs) {
      const counter = windowCounter(key, nowMs);
      const result = await counters.incrementWithin(counter.name, 1, key.ratePerMin, counter.expiresAtMs);
      return windowState(key, nowMs, counter.nextWindow, result);
    },
    consumeNow(key, nowMs) {
      if (counters.incrementWithinNow === undefined) return undefined;
      const counter = windowCounter(key, nowMs);
      const result = counters.incrementWithinNow(counter.name, 1, key.ratePerMin, counter.expiresAtMs);
      return windowState(key, nowMs, counter.nextWindow, result);
    },
  };
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
