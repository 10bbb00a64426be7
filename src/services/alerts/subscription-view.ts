import { type Static, Type } from 'typebox';
import { literalUnion } from '../../domain/schemas/literal-union.ts';
import { DELIVERY_OUTCOMES, type DeliveryAttempt, type StoredSubscription } from './alert-store-port.ts';
import { ConditionSchema } from './subscription-request.ts';

/** A subscription as GET /alerts/{id} shows it (never its secret). */
export const SubscriptionSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    city: Type.Object({ id: Type.String() }),
    location: Type.Object({
      address: Type.Union([Type.String(), Type.Null()]),
      lat: Type.Number(),
      lon: Type.Number(),
    }),
    radius_m: Type.Number(),
    conditions: Type.Array(ConditionSchema),
    daily_outlook: Type.Union([Type.Object({ hour_local: Type.Integer() }), Type.Null()]),
    lang: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('failing')], {
      description: '`failing` once an event could not be delivered for 24 hours; the next delivery clears it',
    }),
    failing_since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created: Type.String({ format: 'date-time' }),
    links: Type.Object({ self: Type.String(), deliveries: Type.String() }),
  },
  { title: 'AlertSubscription' },
);
export type SubscriptionView = Static<typeof SubscriptionSchema>;

/** The answer to POST /alerts: the subscription and its signing secret, shown this once. */
export const CreatedSubscriptionSchema = Type.Intersect(
  [
    SubscriptionSchema,
    Type.Object({
      secret: Type.String({
        description: 'the HMAC-SHA256 key of Svc-Signature; shown only in this answer, keep it like a key',
      }),
    }),
  ],
  { title: 'AlertSubscriptionCreated' },
);

export const SubscriptionListSchema = Type.Object(
  {
    alerts: Type.Array(SubscriptionSchema),
    limit: Type.Integer({ description: 'subscriptions a key may hold' }),
  },
  { title: 'AlertSubscriptionList' },
);

export const DeliveriesSchema = Type.Object(
  {
    subscription_id: Type.String(),
    deliveries: Type.Array(
      Type.Object({
        event_id: Type.String(),
        type: Type.String(),
        attempted: Type.String({ format: 'date-time' }),
        outcome: literalUnion(DELIVERY_OUTCOMES, {
          description: '`refused`: the URL now resolves to an address deliveries may not reach',
        }),
        status_code: Type.Union([Type.Integer(), Type.Null()]),
        duration_ms: Type.Integer(),
        detail: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { title: 'AlertDeliveries' },
);
export type DeliveriesView = Static<typeof DeliveriesSchema>;

export function subscriptionView(s: StoredSubscription): SubscriptionView {
  return {
    id: s.id,
    url: s.url,
    city: { id: s.cityId },
    location: { address: s.address, lat: s.lat, lon: s.lon },
    radius_m: s.radius,
    conditions: s.conditions,
    daily_outlook: s.outlookHour === null ? null : { hour_local: s.outlookHour },
    lang: s.lang,
    status: s.failingSinceMs === null ? 'active' : 'failing',
    failing_since: s.failingSinceMs === null ? null : new Date(s.failingSinceMs).toISOString(),
    created: new Date(s.createdMs).toISOString(),
    links: { self: `/v1/alerts/${s.id}`, deliveries: `/v1/alerts/${s.id}/deliveries` },
  };
}

export function deliveriesView(subscriptionId: string, attempts: readonly DeliveryAttempt[]): DeliveriesView {
  return {
    subscription_id: subscriptionId,
    deliveries: attempts.map((a) => ({
      event_id: a.eventId,
      type: a.eventType,
      attempted: new Date(a.attemptedMs).toISOString(),
      outcome: a.outcome,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      detail: a.detail,
    })),
  };
}
