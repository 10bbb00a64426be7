import { hash, randomBytes } from 'node:crypto';
import type { KeyType } from './key-record.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_CHARS = 40;
const KEY_HASH = 'sha256';

/** A new key secret: `svc_sk_` or `svc_pk_` followed by 40 base62 characters (~238 bits). */
export function generateKeySecret(type: KeyType): string {
  const bytes = randomBytes(SECRET_CHARS * 2);
  let body = '';
  // rejection sampling keeps every character uniformly likely
  for (let i = 0; i < bytes.length && body.length < SECRET_CHARS; i++) {
    const byte = bytes[i]!;
    if (byte < 248) body += ALPHABET[byte % 62];
  }
  if (body.length < SECRET_CHARS) return generateKeySecret(type);
  return `svc_${type}_${body}`;
}

/**
 * Keys carry enough entropy that a fast hash is safe; SHA-256 hex is the lookup index.
 * One-shot `hash` (Node ≥ 20.12): every keyed request pays this, and it costs well under
 * half of a createHash object's round trip.
 */
export function hashKeySecret(secret: string): string {
  return hash(KEY_HASH, secret, 'hex');
}

export function keyTypeOf(secret: string): KeyType | null {
  if (secret.startsWith('svc_sk_')) return 'sk';
  if (secret.startsWith('svc_pk_')) return 'pk';
  return null;
}

/** What a listing may show of a key: its type prefix and the first 4 characters. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, 11);
}
