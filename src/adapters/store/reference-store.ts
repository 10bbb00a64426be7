import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { ReferenceYear } from '../../domain/live/reference-year.ts';
import type { ReferenceStore } from '../../services/live/archive-port.ts';
import type { Database } from './schema.ts';

const pack = (value: unknown) => gzipSync(Buffer.from(JSON.stringify(value)));
const unpack = <T>(bytes: Uint8Array): T => JSON.parse(gunzipSync(bytes).toString('utf8')) as T;

export function createReferenceStore(db: Kysely<Database>): ReferenceStore {
  return {
    async chunkNames(run) {
      const rows = await db.selectFrom('backfill_chunks').select('chunk').where('run', '=', run).execute();
      return new Set(rows.map((r) => r.chunk));
    },
    async saveChunk(run, chunk, body, atMs) {
      await db
        .insertInto('backfill_chunks')
        .values({ run, chunk, body_gz: pack(body), fetched_ms: atMs })
        .onConflict((oc) =>
          oc.columns(['run', 'chunk']).doUpdateSet((eb) => ({
            body_gz: eb.ref('excluded.body_gz'),
            fetched_ms: eb.ref('excluded.fetched_ms'),
          })),
        )
        .execute();
    },
    async chunk<T>(run: string, chunk: string) {
      const row = await db
        .selectFrom('backfill_chunks')
        .select('body_gz')
        .where('run', '=', run)
        .where('chunk', '=', chunk)
        .executeTakeFirst();
      return row ? unpack<T>(row.body_gz) : null;
    },
    async dropRun(run) {
      await db.deleteFrom('backfill_chunks').where('run', '=', run).execute();
    },
    async activate(years, atMs) {
      await db.transaction().execute(async (trx) => {
        for (const { year, summary } of years) {
          const row = {
            year: year.year,
            version: year.version,
            payload_gz: pack(year),
            summary,
            activated_ms: atMs,
          };
          await trx
            .insertInto('reference_years')
            .values({ domain: year.domain, ...row })
            .onConflict((oc) => oc.column('domain').doUpdateSet(row))
            .execute();
        }
      });
    },
    async reset(domains) {
      if (domains !== 'all' && domains.length === 0) return [];
      const query = db.deleteFrom('reference_years').returning('domain');
      const rows = await (domains === 'all' ? query : query.where('domain', 'in', [...domains])).execute();
      return rows.map((r) => r.domain);
    },
    async active() {
      const rows = await db
        .selectFrom('reference_years')
        .select(['domain', 'year', 'version', 'activated_ms', 'summary'])
        .orderBy('domain')
        .execute();
      return rows.map((r) => ({
        domain: r.domain,
        year: Number(r.year),
        version: r.version,
        activatedMs: Number(r.activated_ms),
        summary: r.summary,
      }));
    },
    async load(domain) {
      const row = await db
        .selectFrom('reference_years')
        .select('payload_gz')
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row ? unpack<ReferenceYear>(row.payload_gz) : null;
    },
  };
}
