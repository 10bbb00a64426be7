import type { AlertCondition } from '../../domain/alerts/conditions.ts';
import type { EventType } from '../../domain/alerts/events.ts';

/** A stored subscription (the secret only sealed: SecretBox opens it to sign). */
export interface StoredSubscription {
  id: string;
  keyId: string;
  cityId: string;
  lat: number;
  lon: number;
  address: string | null;
  radius: number;
  url: string;
  conditions: AlertCondition[];
  outlookHour: number | null;
  lang: string;
  secretSealed: string;
  /** the episode state as stored (domain/alerts/episodes.ts) */
  state: string | null;
  failingSinceMs: number | null;
  createdMs: number;
}

export type EventStatus = 'pending' | 'delivered' | 'failed';

export interface OutboxEvent {
  id: string;
  subscriptionId: string;
  type: EventType;
  /** the JSON body, exactly as delivered (and signed) */
  body: string;
  status: EventStatus;
  attempts: number;
  nextAttemptMs: number;
  createdMs: number;
}

export const DELIVERY_OUTCOMES = ['delivered', 'http_error', 'timeout', 'network_error', 'refused'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export interface DeliveryAttempt {
  id: string;
  eventId: string;
  subscriptionId: string;
  eventType: EventType;
  attemptedMs: number;
  outcome: DeliveryOutcome;
  statusCode: number | null;
  durationMs: number;
  detail: string | null;
}

/** A new event for the outbox. */
export interface NewEvent {
  id: string;
  subscriptionId: string;
  type: EventType;
  body: string;
  createdMs: number;
}

/**
 * Persistence of alerts (adapters/store/alert-store.ts), the same SQL on SQLite and
 * PostgreSQL. Events are claimed under a lease: a claim takes only events no live lease
 * holds, so two instances never deliver one event at the same time, and an instance that
 * died (kill -9) leaves its events to the next claim once the lease ran out.
 */
export interface AlertStore {
  insertSubscription(subscription: StoredSubscription): Promise<void>;
  countForKey(keyId: string): Promise<number>;
  listForKey(keyId: string): Promise<StoredSubscription[]>;
  /** every subscription of these keys (all keys when undefined), oldest first */
  listAll(keyIds?: readonly string[]): Promise<StoredSubscription[]>;
  get(id: string): Promise<StoredSubscription | null>;
  /** removes the subscription of that key with its undelivered events; false when none */
  delete(keyId: string, id: string): Promise<boolean>;
  /** up to `limit` subscriptions after `afterId` in id order (evaluation walks them in pages) */
  page(afterId: string, limit: number): Promise<StoredSubscription[]>;
  /**
   * Saves an evaluation: the new state (only over the state it was computed from, so a
   * concurrent evaluation's result is not overwritten) and its events (an event id
   * already in the outbox is kept as it is). False when the state had changed meanwhile.
   */
  commitEvaluation(
    id: string,
    fromState: string | null,
    toState: string,
    events: readonly NewEvent[],
  ): Promise<boolean>;
  enqueue(event: NewEvent, nowMs: number): Promise<void>;
  /** leases up to `limit` due pending events to `holder` until `untilMs` */
  claimDue(holder: string, nowMs: number, untilMs: number, limit: number): Promise<OutboxEvent[]>;
  /** leases one pending event to `holder` if no live lease holds it; null otherwise */
  claimEvent(eventId: string, holder: string, nowMs: number, untilMs: number): Promise<OutboxEvent | null>;
  /** settles an event the holder leased: delivered or failed for good */
  settle(eventId: string, holder: string, status: 'delivered' | 'failed', nowMs: number): Promise<void>;
  /** hands a leased event back for another attempt at `nextAttemptMs` */
  retryLater(eventId: string, holder: string, nextAttemptMs: number): Promise<void>;
  recordAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** the most recent attempts of a subscription, newest first */
  attempts(subscriptionId: string, limit: number): Promise<DeliveryAttempt[]>;
  setFailing(subscriptionId: string, sinceMs: number | null): Promise<void>;
  /** events not delivered yet */
  outboxDepth(): Promise<number>;
  /** one named lease (the evaluation's), as the feeds' poll lease works */
  lease(name: string, holder: string, nowMs: number, untilMs: number): Promise<boolean>;
}
