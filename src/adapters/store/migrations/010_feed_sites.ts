import type { Kysely } from 'kysely';

/**
 * The measuring sites the feeds know (issue #50, `GET /v1/stations`): per feed and site
 * its name, position and the quantities it measures, as the provider last listed them.
 * The readings themselves stay in `feed_readings`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_sites')
    .addColumn('feed', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('quantities', 'text', (c) => c.notNull())
    .addColumn('seen_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_sites_pk', ['feed', 'site'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_sites').execute();
}
