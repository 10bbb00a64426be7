const DAY_MS = 86_400_000;

/**
 * Waits until just past the next midnight UTC if fewer than `marginMs` are left before it.
 * The daily report quota is one counter per key and UTC day (services/reports/quota.ts),
 * reset at midnight: a test that uses a quota up and expects the refusal, or reads the
 * day's counter before and after, holds only within one UTC day. Servers in child
 * processes run on the wall clock, so such a test starts far enough from the day's edge for
 * all it does to fall on one day (the minute windows' `awayFromMinuteEdge` does the same).
 */
export async function awayFromUtcMidnight(marginMs: number): Promise<void> {
  const left = DAY_MS - (Date.now() % DAY_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 200));
}
