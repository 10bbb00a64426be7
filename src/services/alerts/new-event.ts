import { randomUUID } from 'node:crypto';
import type { AlertEvent, EventType } from '../../domain/alerts/events.ts';
import type { NewEvent } from './alert-store-port.ts';

/** An event for the outbox, its body serialised once: what is signed and delivered, every attempt alike. */
export function newEvent(
  id: string,
  type: EventType,
  subscriptionId: string,
  createdMs: number,
  data: Record<string, unknown>,
): NewEvent {
  const event: AlertEvent = {
    id,
    type,
    created: new Date(createdMs).toISOString(),
    subscription_id: subscriptionId,
    data,
  };
  return { id, subscriptionId, type, body: JSON.stringify(event), createdMs };
}

/** the `test` event of `svc alerts test`: a fresh id each time */
export function testEvent(subscriptionId: string, createdMs: number): NewEvent {
  return newEvent(`evt_${randomUUID().replaceAll('-', '')}`, 'test', subscriptionId, createdMs, {
    message: 'A test event sent by the operator (svc alerts test): the signature verifies with your secret.',
  });
}
