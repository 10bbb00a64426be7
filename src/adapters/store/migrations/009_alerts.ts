import type { Kysely } from 'kysely';

/**
 * Alerts (docs/alerts.md): the subscriptions with their sealed signing secret and their
 * episode state, the durable outbox of events to deliver (claimed under a lease, so one
 * instance delivers each), and the delivery attempts a subscription's owner can read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('radius', 'double precision', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('outlook_hour', 'integer')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('failing_since_ms', 'bigint')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_subscriptions_key').on('alert_subscriptions').column('key_id').execute();
  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_ms', 'bigint', (c) => c.notNull())
    .addColumn('lease_holder', 'text')
    .addColumn('lease_until_ms', 'bigint')
    .addColumn('created_ms', 'bigint', (c) => c.notNull())
    .addColumn('settled_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('alert_events_due')
    .on('alert_events')
    .columns(['status', 'next_attempt_ms'])
    .execute();
  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempted_ms', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('alert_deliveries_subscription')
    .on('alert_deliveries')
    .columns(['subscription_id', 'attempted_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('alert_events').execute();
  await db.schema.dropTable('alert_subscriptions').execute();
}
