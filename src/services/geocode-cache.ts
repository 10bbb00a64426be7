import { BoundedMap } from '../domain/collections/bounded-map.ts';
import type { Geocoder } from './geocoder-port.ts';

/**
 * A short-lived, bounded, in-memory cache in front of a geocoder. The terms of use allow
 * geocoding results only to query the service: they are never written anywhere, and
 * this cache forgets them after `ttlMs` (least recently used go first when full).
 */
export interface MemoryCacheOptions {
  ttlMs: number;
  maxEntries: number;
  clock?: () => number;
  /** told whether each look-up was answered from the cache (metrics) */
  onCache?: (outcome: 'hit' | 'miss') => void;
}

export class TtlLru<V> {
  private readonly entries: BoundedMap<string, { value: V; expires: number }>;
  constructor(private readonly options: MemoryCacheOptions) {
    this.entries = new BoundedMap(options.maxEntries);
  }

  get(key: string): V | undefined {
    const found = this.entries.use(key);
    if (!found) return undefined;
    if (found.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return found.value;
  }

  set(key: string, value: V): void {
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }
}

/** The geocoder with its answers remembered for a short while; failures are not cached. */
export function withMemoryCache(geocoder: Geocoder, options: MemoryCacheOptions): Geocoder {
  const searches = new TtlLru<Awaited<ReturnType<Geocoder['search']>>>(options);
  const reverses = new TtlLru<string | null>(options);
  const cached: Geocoder = {
    async search(q, limit, lang) {
      const key = `${limit}\u0000${lang ?? ''}\u0000${q}`;
      const hit = searches.get(key);
      options.onCache?.(hit ? 'hit' : 'miss');
      if (hit) return hit;
      const result = await geocoder.search(q, limit, lang);
      searches.set(key, result);
      return result;
    },
    async reverse(lat, lon, lang) {
      const key = `${lat},${lon},${lang ?? ''}`;
      const hit = reverses.get(key);
      options.onCache?.(hit !== undefined ? 'hit' : 'miss');
      if (hit !== undefined) return hit;
      const label = await geocoder.reverse(lat, lon, lang);
      reverses.set(key, label);
      return label;
    },
  };
  if (geocoder.close) cached.close = () => geocoder.close!();
  if (geocoder.understand) cached.understand = (q) => geocoder.understand!(q);
  return cached;
}
