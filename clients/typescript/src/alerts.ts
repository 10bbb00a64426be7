import type { components } from './openapi.js';

export type AlertSubscription = components['schemas']['AlertSubscription'];
export type AlertSubscriptionRequest = components['schemas']['AlertSubscriptionRequest'];
export type AlertDeliveries = components['schemas']['AlertDeliveries'];

/** An event as a webhook receiver gets it (the JSON body of the POST). */
export interface AlertEvent {
  /** stable across retries: the receiver's idempotency key */
  id: string;
  type: 'alert.triggered' | 'alert.cleared' | 'outlook.daily' | 'test';
  created: string;
  subscription_id: string;
  data: Record<string, unknown>;
}

/** how far the signature's time may be from the receiver's clock, by default (seconds) */
export const SIGNATURE_TOLERANCE_S = 300;

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** equal texts, compared in a time that depends on their length only */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Whether a webhook is svc-api's: `header` is its `Svc-Signature`
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`), `body` the raw body
 * exactly as received (before any JSON parsing), `secret` the subscription's. False when
 * the time is further than `toleranceS` from now (a replay) or no `v1` matches. Web
 * Crypto only: runs in Node.js 20+, Deno, workers and browsers.
 */
export async function verifySignature(options: {
  header: string | null | undefined;
  body: string;
  secret: string;
  toleranceS?: number;
  nowMs?: number;
}): Promise<boolean> {
  const { header, body, secret, toleranceS = SIGNATURE_TOLERANCE_S, nowMs = Date.now() } = options;
  if (!header) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (name === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceS) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`)));
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
  return matched;
}
