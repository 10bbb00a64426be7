import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../security/constant-time-equal.ts';

/**
 * The webhook signature (Stripe's scheme): `Svc-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is inside what is signed, so a
 * captured delivery cannot be replayed later than the receiver's tolerance.
 */
export const SIGNATURE_HEADER = 'svc-signature';

/** how far a signature's time may be from the receiver's clock by default, seconds */
export const SIGNATURE_TOLERANCE_S = 300;

export function signatureOf(secret: string, timestampS: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampS}.${body}`, 'utf8').digest('hex');
}

/** the header's value for `body` signed at `timestampS` */
export function signatureHeader(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${signatureOf(secret, timestampS, body)}`;
}

/**
 * Whether a header signs `body` with `secret` within `toleranceS` of `nowS`: any of its
 * `v1` values may match (a sender rotating secrets sends two), compared in constant time.
 */
export function verifySignatureHeader(
  header: string,
  secret: string,
  body: string,
  nowS: number,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value !== undefined) signatures.push(value);
  }
  if (timestamp === null || Math.abs(nowS - timestamp) > toleranceS) return false;
  const expected = signatureOf(secret, timestamp, body);
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
  return matched;
}
