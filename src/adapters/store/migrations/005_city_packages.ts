import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * City data packages imported by an operator (docs/cities.md). The package files live in
 * the row (gzipped JSON of file name → text) so that every instance sharing the database
 * sees the same cities; `revision` is a digest of the files, which the instances poll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('city_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('files_gz', binary, (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('city_packages').execute();
}
