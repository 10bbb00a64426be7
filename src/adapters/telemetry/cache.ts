import type { KeyValueCache } from '../../services/ports/cache-port.ts';
import type { CacheProbe, Metrics } from '../../services/ports/telemetry-port.ts';

/** A key-value cache whose look-ups count as hits or misses of the named cache. */
export function instrumentCache(cache: KeyValueCache, name: string, metrics: Metrics): KeyValueCache {
  if (!metrics.enabled) return cache;
  return {
    async get(key) {
      const value = await cache.get(key);
      metrics.count('svc_cache_requests_total', { cache: name, outcome: value === null ? 'miss' : 'hit' });
      return value;
    },
    set: (key, value, ttlMs) => cache.set(key, value, ttlMs),
    close: () => cache.close(),
  };
}

/** The probe of a cache that lives inside a service (tiles, keys, geocoder, catalog). */
export function cacheProbe(name: string, metrics: Metrics): CacheProbe | undefined {
  if (!metrics.enabled) return undefined;
  return (outcome) => metrics.count('svc_cache_requests_total', { cache: name, outcome });
}
