import type { Kysely, Selectable } from 'kysely';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { KeyRepository } from '../../services/key-repository-port.ts';
import type { ApiKeysTable, Database } from './schema.ts';

export type { KeyRepository } from '../../services/key-repository-port.ts';

function toRecord(row: Selectable<ApiKeysTable>): KeyRecord {
  return {
    id: row.id,
    displayPrefix: row.display_prefix,
    label: row.label,
    type: row.type,
    cities: JSON.parse(row.cities) as string[],
    products: JSON.parse(row.products) as string[],
    metrics: JSON.parse(row.metrics) as string[],
    horizons: JSON.parse(row.horizons) as string[],
    origins: JSON.parse(row.origins) as string[],
    ratePerMin: Number(row.rate_per_min),
    reportsPerDay: Number(row.reports_per_day),
    createdMs: Number(row.created_ms),
    expiresMs: row.expires_ms === null ? null : Number(row.expires_ms),
    revokedMs: row.revoked_ms === null ? null : Number(row.revoked_ms),
  };
}

export function createKeyRepository(db: Kysely<Database>): KeyRepository {
  return {
    async insert(key, hash) {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          hash,
          display_prefix: key.displayPrefix,
          label: key.label,
          type: key.type,
          cities: JSON.stringify(key.cities),
          products: JSON.stringify(key.products),
          metrics: JSON.stringify(key.metrics),
          horizons: JSON.stringify(key.horizons),
          origins: JSON.stringify(key.origins),
          rate_per_min: key.ratePerMin,
          reports_per_day: key.reportsPerDay,
          created_ms: key.createdMs,
          expires_ms: key.expiresMs,
          revoked_ms: key.revokedMs,
        })
        .execute();
    },
    async findByHash(hash) {
      const row = await db.selectFrom('api_keys').selectAll().where('hash', '=', hash).executeTakeFirst();
      return row ? { key: toRecord(row), hash: row.hash } : null;
    },
    async findById(id) {
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    async list() {
      const rows = await db.selectFrom('api_keys').selectAll().orderBy('created_ms').orderBy('id').execute();
      return rows.map(toRecord);
    },
    async revoke(id, nowMs) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_ms: nowMs })
        .where('id', '=', id)
        .where('revoked_ms', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
