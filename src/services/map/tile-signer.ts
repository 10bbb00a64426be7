import { BoundedMap } from '../../domain/collections/bounded-map.ts';
import {
  type SignatureMemo,
  type SignedQuery,
  signQuery,
  type TileScope,
  urlExpiry,
  type Verification,
  verifyQuery,
} from '../../domain/map/url-signing.ts';

/**
 * The server's signing policy around the pure scheme in domain/map/url-signing.ts:
 * which secrets, how long URLs live. URLs last at least `ttlMs` (two hours by default,
 * so a page that renews its catalog hourly never holds an expired URL) and expire on
 * the hour.
 */
export interface TileSigner {
  /** epoch seconds at which URLs signed now expire */
  expiry(nowMs: number): number;
  /** the signed query string for a scope */
  sign(keyId: string, scope: TileScope, expS: number): string;
  verify(scope: Omit<TileScope, 'issuedMs'>, query: SignedQuery, nowMs: number): Verification;
}

export const DEFAULT_URL_TTL_MS = 2 * 3_600_000;

/**
 * How many genuine signed messages (one per key, layer step and expiry in use) keep their
 * expected signatures, so a page panning over one layer costs one HMAC, not one per tile.
 * Correctness needs no time bound: the secrets are fixed for the signer's life and expiry
 * is checked before the memo; a revoked key is refused after verification, every time.
 */
const MEMO_ENTRIES = 4096;

export function createTileSigner(secrets: readonly Buffer[], ttlMs = DEFAULT_URL_TTL_MS): TileSigner {
  const signing = secrets[0];
  if (!signing) throw new Error('at least one tile-signing secret is required');
  const memo: SignatureMemo = new BoundedMap<string, readonly Buffer[]>(MEMO_ENTRIES);
  return {
    expiry: (nowMs) => urlExpiry(nowMs, ttlMs),
    sign: (keyId, scope, expS) => signQuery(signing, keyId, scope, expS),
    verify: (scope, query, nowMs) => verifyQuery(secrets, scope, query, nowMs, memo),
  };
}
