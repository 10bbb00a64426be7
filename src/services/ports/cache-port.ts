/**
 * A string key-value cache with optional expiry. Adapters: in-process memory (short
 * caches of one instance), the database (durable: survives restarts, shared through
 * PostgreSQL) and Redis (short caches shared by every instance), in adapters/cache/. The
 * data and map services keep their computed answers in it.
 */
export interface KeyValueCache {
  get(key: string): Promise<string | null>;
  /** `ttlMs` null keeps the entry until it is overwritten */
  set(key: string, value: string, ttlMs: number | null): Promise<void>;
  close(): Promise<void>;
}
