import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Archive backfills (`svc feeds backfill`, docs/live-data.md): each chunk a provider
 * answered, kept until its run completes (an interrupted run fetches only what is
 * missing), and per model domain the backfilled reference year in use (one row, replaced
 * in one statement when a new year has validated; every instance polls the versions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('backfill_chunks')
    .addColumn('run', 'text', (c) => c.notNull())
    .addColumn('chunk', 'text', (c) => c.notNull())
    .addColumn('body_gz', binary, (c) => c.notNull())
    .addColumn('fetched_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('backfill_chunks_pk', ['run', 'chunk'])
    .execute();
  await db.schema
    .createTable('reference_years')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('payload_gz', binary, (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('activated_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reference_years').execute();
  await db.schema.dropTable('backfill_chunks').execute();
}
