import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { Database } from '../store/schema.ts';

/**
 * Imported city packages in the database (SQLite under DATA_DIR, or PostgreSQL shared
 * by every instance). One row per city, replaced whole: an import is one statement, so
 * no instance ever sees half a package.
 */
export interface StoredCity {
  id: string;
  revision: string;
  manifest: string;
  importedAt: number;
}

export interface CityPackageStore {
  put(id: string, revision: string, files: PackageFiles, importedAt: number): Promise<void>;
  remove(id: string): Promise<boolean>;
  /** every imported city, without its files (cheap enough to poll) */
  list(): Promise<StoredCity[]>;
  files(id: string, revision: string): Promise<PackageFiles | null>;
}

export function createCityPackageStore(db: Kysely<Database>): CityPackageStore {
  return {
    async put(id, revision, files, importedAt) {
      const row = {
        id,
        revision,
        manifest: files['city.json'] ?? '{}',
        files_gz: gzipSync(JSON.stringify(files)),
        imported_at: importedAt,
      };
      await db
        .insertInto('city_packages')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
    async remove(id) {
      const result = await db.deleteFrom('city_packages').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async list() {
      const rows = await db
        .selectFrom('city_packages')
        .select(['id', 'revision', 'manifest', 'imported_at'])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        revision: r.revision,
        manifest: r.manifest,
        importedAt: Number(r.imported_at),
      }));
    },
    async files(id, revision) {
      const row = await db
        .selectFrom('city_packages')
        .select('files_gz')
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return row ? (JSON.parse(gunzipSync(row.files_gz).toString('utf8')) as PackageFiles) : null;
    },
  };
}
