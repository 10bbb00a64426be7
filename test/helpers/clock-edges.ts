/**
 * Waiting off the edges of the windows the service counts in. Rate windows are clock
 * minutes, the report quota a UTC day: a test that uses one up and expects the refusal
 * holds only if all it does falls in one window. Servers in child processes run on the wall
 * clock, so such a test starts far enough from the window's edge instead.
 */
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

async function awayFromEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** Waits until at least `marginS` seconds remain in the current minute (rate windows are minute-aligned). */
export function awayFromMinuteEdge(marginS: number): Promise<void> {
  return awayFromEdge(MINUTE_MS, marginS * 1000);
}

/**
 * Waits until just past the next midnight UTC if fewer than `marginMs` are left before it:
 * the daily report quota is one counter per key and UTC day (services/reports/quota.ts),
 * reset at midnight, so a test that uses a quota up and expects the refusal, or reads the
 * day's counter before and after, holds only within one UTC day.
 */
export function awayFromUtcMidnight(marginMs: number): Promise<void> {
  return awayFromEdge(DAY_MS, marginMs);
}
