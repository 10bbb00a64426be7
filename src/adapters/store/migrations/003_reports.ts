import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Report jobs. The generated files live in the row (BLOB/bytea for the PDF) so that any
 * instance sharing the database can serve a download, and a purge is one DELETE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('report_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage', 'text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('label', 'text')
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('radius', 'double precision', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('html', 'text')
    .addColumn('pdf', binary)
    .addColumn('pdf_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until_ms', 'bigint')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_jobs_status').on('report_jobs').columns(['status', 'stage']).execute();
  await db.schema.createIndex('report_jobs_expires').on('report_jobs').column('expires_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_jobs').execute();
}
