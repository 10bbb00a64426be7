import type { Kysely } from 'kysely';
import type { KeyValueCache } from '../../services/ports/cache-port.ts';
import type { Database } from '../store/schema.ts';

/** Durable cache in the service's database (cache_entries). */
export function createSqlCache(db: Kysely<Database>, clock: () => number = Date.now): KeyValueCache {
  return {
    async get(key) {
      const row = await db
        .selectFrom('cache_entries')
        .select(['value', 'expires_ms'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_ms !== null && Number(row.expires_ms) <= clock()) return null;
      return row.value;
    },
    async set(key, value, ttlMs) {
      const now = clock();
      const expires = ttlMs === null ? null : now + ttlMs;
      await db
        .insertInto('cache_entries')
        .values({ key, value, created_ms: now, expires_ms: expires })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, created_ms: now, expires_ms: expires }))
        .execute();
    },
    async close() {},
  };
}
