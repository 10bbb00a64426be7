/**
 * The daily report quota: one counter per key and UTC day, named as the lead's counters
 * expect (`reports:<keyId>:<YYYY-MM-DD>`), expiring at the next midnight UTC, when the
 * spec says the quota resets.
 */
export function quotaCounterName(keyId: string, nowMs: number): string {
  return `reports:${keyId}:${new Date(nowMs).toISOString().slice(0, 10)}`;
}

export function nextUtcMidnight(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}
