import type { Geocoder } from '../adapters/geocoder/port.ts';

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
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(private readonly options: MemoryCacheOptions) {}

  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    if (found.expires <= this.now()) return undefined;
    this.entries.set(key, found); // most recently used last
    return found.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
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
  return cached;
}
