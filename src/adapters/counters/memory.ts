import type { Counters } from '../../services/ports/counters-port.ts';

/**
 * Counters in this process's memory: the embedded default for per-minute rate windows,
 * where one process serves the API and a window lives one minute (a restart forgets at
 * most the current minute). Daily quotas stay in the database; shared windows use Redis.
 */
export function createMemoryCounters(clock: () => number = Date.now): Counters {
  const values = new Map<string, { value: number; expiresAt: number }>();
  let lastSweep = clock();
  function sweep(now: number): void {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [name, entry] of values) if (entry.expiresAt <= now) values.delete(name);
  }
  function current(name: string, now: number): number {
    const entry = values.get(name);
    return entry && entry.expiresAt > now ? entry.value : 0;
  }
  function incrementWithinNow(name: string, by: number, limit: number, expiresAtMs: number) {
    const now = clock();
    sweep(now);
    const entry = values.get(name);
    const value = entry && entry.expiresAt > now ? entry.value : 0;
    if (value + by > limit) return { value, applied: false };
    // counted in place: one window's counter is written on every request of its minute
    if (entry) {
      entry.value = value + by;
      entry.expiresAt = expiresAtMs;
    } else values.set(name, { value: value + by, expiresAt: expiresAtMs });
    return { value: value + by, applied: true };
  }
  return {
    incrementWithinNow,
    async incrementWithin(name, by, limit, expiresAtMs) {
      return incrementWithinNow(name, by, limit, expiresAtMs);
    },
    async read(name, nowMs) {
      return current(name, nowMs);
    },
    async decrement(name, by) {
      const entry = values.get(name);
      if (entry) entry.value = Math.max(0, entry.value - by);
    },
    async close() {
      values.clear();
    },
  };
}
