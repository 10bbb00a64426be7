import { type Kysely, sql } from 'kysely';
import { packPackageFiles, unpackPackageFiles } from '../../domain/coverage/city-package/archive.ts';
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
  /** the same files as stored, packed (city-package/archive.ts): to be unpacked off the event loop */
  archive(id: string, revision: string): Promise<Uint8Array | null>;
}

/**
 * An archive is read in pieces of this many bytes: the driver decodes a value on the event
 * loop in one go (PostgreSQL's bytea arrives as hex text), so a megabyte at once is a
 * stall and a piece is not.
 */
const ARCHIVE_PIECE_BYTES = 128 * 1024;

export function createCityPackageStore(db: Kysely<Database>): CityPackageStore {
  const stored = (id: string, revision: string) =>
    db.selectFrom('city_packages').where('id', '=', id).where('revision', '=', revision);
  const archive = async (id: string, revision: string) => {
    // length() and substr() count bytes of a blob or bytea alike in SQLite and PostgreSQL
    const head = await stored(id, revision)
      .select(sql<number | string>`length(files_gz)`.as('bytes'))
      .executeTakeFirst();
    if (!head) return null;
    const packed = new Uint8Array(Number(head.bytes));
    for (let offset = 0; offset < packed.byteLength; offset += ARCHIVE_PIECE_BYTES) {
      const piece = await stored(id, revision)
        .select(sql<Uint8Array>`substr(files_gz, ${offset + 1}, ${ARCHIVE_PIECE_BYTES})`.as('piece'))
        .executeTakeFirst();
      if (!piece) return null; // replaced or removed meanwhile
      packed.set(piece.piece, offset);
    }
    return packed;
  };
  return {
    async put(id, revision, files, importedAt) {
      const row = {
        id,
        revision,
        manifest: files['city.json'] ?? '{}',
        files_gz: packPackageFiles(files),
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
      const packed = await archive(id, revision);
      return packed ? unpackPackageFiles(packed) : null;
    },
    archive,
  };
}
