import type { Kysely } from 'kysely';

/**
 * Live feeds (docs/live-data.md): every plausible value read, per feed, site, quantity
 * and hour (revised values replace their hour; missing ones are never written), each
 * feed's poll history, and the lease that lets one instance poll at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_readings')
    .addColumn('feed', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('hour_ms', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('read_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_readings_pk', ['feed', 'site', 'quantity', 'hour_ms'])
    .execute();
  await db.schema.createIndex('feed_readings_hour').on('feed_readings').column('hour_ms').execute();
  await db.schema
    .createTable('feed_states')
    .addColumn('feed', 'text', (c) => c.primaryKey())
    .addColumn('last_attempt_ms', 'bigint')
    .addColumn('last_success_ms', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('newest_value_ms', 'bigint')
    .execute();
  await db.schema
    .createTable('feed_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_leases').execute();
  await db.schema.dropTable('feed_states').execute();
  await db.schema.dropTable('feed_readings').execute();
}
