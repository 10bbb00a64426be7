import { createHash } from 'node:crypto';

export const EVENT_TYPES = ['alert.triggered', 'alert.cleared', 'outlook.daily', 'test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What is POSTed to the subscription's URL (the body is signed as serialised once, at creation). */
export interface AlertEvent {
  id: string;
  type: EventType;
  created: string;
  subscription_id: string;
  data: Record<string, unknown>;
}

/**
 * The id of an event: derived from what makes it that event (the subscription, the
 * condition and its episode, or the outlook's date), so that whoever evaluates computes
 * the same id and the outbox keeps one (the receiver's idempotency key as well).
 */
export function eventId(subscriptionId: string, ...what: Array<string | number>): string {
  const digest = createHash('sha256')
    .update([subscriptionId, ...what].join('|'))
    .digest('hex');
  return `evt_${digest.slice(0, 32)}`;
}
