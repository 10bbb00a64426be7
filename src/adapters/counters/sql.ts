import { type Kysely, sql } from 'kysely';
import type { Counters } from '../../services/ports/counters-port.ts';
import type { Database } from '../store/schema.ts';

/**
 * Counters in the service's database. The conditional upsert is one statement, so
 * concurrent callers (requests, processes sharing the SQLite file, PostgreSQL instances)
 * can never push a counter past its limit.
 */
export function createSqlCounters(db: Kysely<Database>, clock: () => number = Date.now): Counters {
  let lastSweep = 0;
  async function sweep(nowMs: number): Promise<void> {
    if (nowMs - lastSweep < 60_000) return;
    lastSweep = nowMs;
    await db.deleteFrom('counters').where('expires_ms', '<=', nowMs).execute();
  }
  return {
    async incrementWithin(name, by, limit, expiresAtMs) {
      const nowMs = clock();
      await sweep(nowMs);
      if (by > limit) return { value: await this.read(name, nowMs), applied: false };
      const row = await db
        .insertInto('counters')
        .values({ name, value: by, expires_ms: expiresAtMs })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({
              // an expired leftover restarts from zero instead of carrying its count
              value: sql<number>`case when counters.expires_ms <= ${nowMs} then excluded.value else counters.value + excluded.value end`,
              expires_ms: sql<number>`case when counters.expires_ms <= ${nowMs} then excluded.expires_ms else counters.expires_ms end`,
            })
            .where(
              sql<boolean>`(case when counters.expires_ms <= ${nowMs} then 0 else counters.value end) + excluded.value <= ${limit}`,
            ),
        )
        .returning('value')
        .executeTakeFirst();
      if (row) return { value: Number(row.value), applied: true };
      return { value: await this.read(name, nowMs), applied: false };
    },
    async read(name, nowMs) {
      const row = await db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', name)
        .where('expires_ms', '>', nowMs)
        .executeTakeFirst();
      return row ? Number(row.value) : 0;
    },
    async decrement(name, by) {
      await db
        .updateTable('counters')
        .set({ value: sql<number>`case when value - ${by} < 0 then 0 else value - ${by} end` })
        .where('name', '=', name)
        .execute();
    },
    async close() {},
  };
}
