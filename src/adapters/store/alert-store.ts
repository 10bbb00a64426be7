import type { Kysely, Selectable } from 'kysely';
import type { AlertCondition } from '../../domain/alerts/conditions.ts';
import type { EventType } from '../../domain/alerts/events.ts';
import type {
  AlertStore,
  DeliveryAttempt,
  DeliveryOutcome,
  EventStatus,
  OutboxEvent,
  StoredSubscription,
} from '../../services/alerts/alert-store-port.ts';
import { takeNamedLease } from './named-lease.ts';
import type { AlertTables, Database } from './schema.ts';

type SubscriptionRow = Selectable<AlertTables['alert_subscriptions']>;

function toSubscription(row: SubscriptionRow): StoredSubscription {
  return {
    id: row.id,
    keyId: row.key_id,
    cityId: row.city,
    lat: Number(row.lat),
    lon: Number(row.lon),
    address: row.address,
    radius: Number(row.radius),
    url: row.url,
    conditions: JSON.parse(row.conditions) as AlertCondition[],
    outlookHour: row.outlook_hour === null ? null : Number(row.outlook_hour),
    lang: row.lang,
    secretSealed: row.secret_sealed,
    state: row.state,
    failingSinceMs: row.failing_since_ms === null ? null : Number(row.failing_since_ms),
    createdMs: Number(row.created_ms),
  };
}

function toEvent(row: Selectable<AlertTables['alert_events']>): OutboxEvent {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    type: row.type as EventType,
    body: row.body,
    status: row.status as EventStatus,
    attempts: Number(row.attempts),
    nextAttemptMs: Number(row.next_attempt_ms),
    createdMs: Number(row.created_ms),
  };
}

/** The alerts' tables (migration 009): subscriptions, the outbox, the delivery attempts. */
export function createAlertStore(db: Kysely<Database>): AlertStore {
  return {
    async insertSubscription(s) {
      await db
        .insertInto('alert_subscriptions')
        .values({
          id: s.id,
          key_id: s.keyId,
          city: s.cityId,
          lat: s.lat,
          lon: s.lon,
          address: s.address,
          radius: s.radius,
          url: s.url,
          conditions: JSON.stringify(s.conditions),
          outlook_hour: s.outlookHour,
          lang: s.lang,
          secret_sealed: s.secretSealed,
          state: s.state,
          failing_since_ms: s.failingSinceMs,
          created_ms: s.createdMs,
        })
        .execute();
    },
    async countForKey(keyId) {
      const row = await db
        .selectFrom('alert_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async listForKey(keyId) {
      const rows = await db
        .selectFrom('alert_subscriptions')
        .selectAll()
        .where('key_id', '=', keyId)
        .orderBy('created_ms')
        .orderBy('id')
        .execute();
      return rows.map(toSubscription);
    },
    async listAll(keyIds) {
      let query = db.selectFrom('alert_subscriptions').selectAll();
      if (keyIds !== undefined) {
        if (keyIds.length === 0) return [];
        query = query.where('key_id', 'in', [...keyIds]);
      }
      const rows = await query.orderBy('created_ms').orderBy('id').execute();
      return rows.map(toSubscription);
    },
    async get(id) {
      const row = await db
        .selectFrom('alert_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toSubscription(row) : null;
    },
    async delete(keyId, id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('alert_subscriptions')
          .where('id', '=', id)
          .where('key_id', '=', keyId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await trx
          .deleteFrom('alert_events')
          .where('subscription_id', '=', id)
          .where('status', '=', 'pending')
          .execute();
        return true;
      });
    },
    async page(afterId, limit) {
      const rows = await db
        .selectFrom('alert_subscriptions')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toSubscription);
    },
    async commitEvaluation(id, fromState, toState, events) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('alert_subscriptions')
          .set({ state: toState })
          .where('id', '=', id)
          .where((eb) => (fromState === null ? eb('state', 'is', null) : eb('state', '=', fromState)))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        for (const event of events) {
          await trx
            .insertInto('alert_events')
            .values({
              id: event.id,
              subscription_id: event.subscriptionId,
              type: event.type,
              body: event.body,
              status: 'pending',
              attempts: 0,
              next_attempt_ms: event.createdMs,
              lease_holder: null,
              lease_until_ms: null,
              created_ms: event.createdMs,
              settled_ms: null,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
        return true;
      });
    },
    async enqueue(event, nowMs) {
      await db
        .insertInto('alert_events')
        .values({
          id: event.id,
          subscription_id: event.subscriptionId,
          type: event.type,
          body: event.body,
          status: 'pending',
          attempts: 0,
          next_attempt_ms: nowMs,
          lease_holder: null,
          lease_until_ms: null,
          created_ms: event.createdMs,
          settled_ms: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async claimDue(holder, nowMs, untilMs, limit) {
      const due = (
        await db
          .selectFrom('alert_events')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_ms', '<=', nowMs)
          .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
          .orderBy('next_attempt_ms')
          .limit(limit)
          .execute()
      ).map((row) => row.id);
      if (due.length === 0) return [];
      // the conditions again on the row itself: PostgreSQL re-checks them on a row another
      // claim updated meanwhile, so only one of two concurrent claims takes it. "Pending" is
      // asked as "not settled" (settle writes both): on the status column, SQLite's planner
      // walked the due index over every pending event rather than look ten ids up by key
      // (17-21 ms a claim with 4,000 pending, issue #51's loop bound)
      await db
        .updateTable('alert_events')
        .set({ lease_holder: holder, lease_until_ms: untilMs })
        .where('id', 'in', due)
        .where('settled_ms', 'is', null)
        .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
        .execute();
      // read back by id: what this claim leased (the holder is not indexed)
      const rows = await db
        .selectFrom('alert_events')
        .selectAll()
        .where('id', 'in', due)
        .where('lease_holder', '=', holder)
        .where('lease_until_ms', '=', untilMs)
        .execute();
      return rows.map(toEvent);
    },
    async claimEvent(eventId, holder, nowMs, untilMs) {
      await db
        .updateTable('alert_events')
        .set({ lease_holder: holder, lease_until_ms: untilMs })
        .where('id', '=', eventId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
        .execute();
      const row = await db
        .selectFrom('alert_events')
        .selectAll()
        .where('id', '=', eventId)
        .where('lease_holder', '=', holder)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row ? toEvent(row) : null;
    },
    async settle(eventId, holder, status, nowMs) {
      await db
        .updateTable('alert_events')
        .set((eb) => ({
          status,
          settled_ms: nowMs,
          attempts: eb('attempts', '+', 1),
          lease_holder: null,
          lease_until_ms: null,
        }))
        .where('id', '=', eventId)
        .where('lease_holder', '=', holder)
        .execute();
    },
    async retryLater(eventId, holder, nextAttemptMs) {
      await db
        .updateTable('alert_events')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_ms: nextAttemptMs,
          lease_holder: null,
          lease_until_ms: null,
        }))
        .where('id', '=', eventId)
        .where('lease_holder', '=', holder)
        .execute();
    },
    async recordAttempt(a) {
      await db
        .insertInto('alert_deliveries')
        .values({
          id: a.id,
          event_id: a.eventId,
          subscription_id: a.subscriptionId,
          event_type: a.eventType,
          attempted_ms: a.attemptedMs,
          outcome: a.outcome,
          status_code: a.statusCode,
          duration_ms: Math.round(a.durationMs),
          detail: a.detail,
        })
        .execute();
    },
    async attempts(subscriptionId, limit) {
      const rows = await db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('attempted_ms', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (row): DeliveryAttempt => ({
          id: row.id,
          eventId: row.event_id,
          subscriptionId: row.subscription_id,
          eventType: row.event_type as EventType,
          attemptedMs: Number(row.attempted_ms),
          outcome: row.outcome as DeliveryOutcome,
          statusCode: row.status_code === null ? null : Number(row.status_code),
          durationMs: Number(row.duration_ms),
          detail: row.detail,
        }),
      );
    },
    async setFailing(subscriptionId, sinceMs) {
      await db
        .updateTable('alert_subscriptions')
        .set({ failing_since_ms: sinceMs })
        .where('id', '=', subscriptionId)
        .execute();
    },
    async outboxDepth() {
      const row = await db
        .selectFrom('alert_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    lease: (name, holder, nowMs, untilMs) => takeNamedLease(db, name, holder, nowMs, untilMs),
  };
}
