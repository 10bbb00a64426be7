import { BoundedMap } from '../../domain/collections/bounded-map.ts';
import type { KeyValueCache } from '../../services/ports/cache-port.ts';

/** Bounded in-process cache: least recently used entries leave first. */
export function createMemoryCache(
  options: { maxEntries?: number; clock?: () => number } = {},
): KeyValueCache & {
  getSync(key: string): string | null;
} {
  const maxEntries = options.maxEntries ?? 5000;
  const clock = options.clock ?? Date.now;
  const entries = new BoundedMap<string, { value: string; expiresAt: number }>(maxEntries);
  function getSync(key: string): string | null {
    const entry = entries.use(key);
    if (!entry) return null;
    if (entry.expiresAt <= clock()) {
      entries.delete(key);
      return null;
    }
    return entry.value;
  }
  return {
    getSync,
    async get(key) {
      return getSync(key);
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: ttlMs === null ? Number.POSITIVE_INFINITY : clock() + ttlMs });
    },
    async close() {
      entries.clear();
    },
  };
}
