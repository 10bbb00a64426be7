import type { KeyValueCache } from './port.ts';

/** Bounded in-process cache: least recently used entries leave first. */
export function createMemoryCache(
  options: { maxEntries?: number; clock?: () => number } = {},
): KeyValueCache & {
  getSync(key: string): string | null;
} {
  const maxEntries = options.maxEntries ?? 5000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  function getSync(key: string): string | null {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= clock()) {
      entries.delete(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }
  return {
    getSync,
    async get(key) {
      return getSync(key);
    },
    async set(key, value, ttlMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: ttlMs === null ? Number.POSITIVE_INFINITY : clock() + ttlMs });
    },
    async close() {
      entries.clear();
    },
  };
}
