import type { Product } from '../domain/coverage/cities.ts';
import type { BrowserRequest } from '../domain/keys/browser-request.ts';
import { type KeyRecord, keyHasProduct } from '../domain/keys/key-record.ts';
import { evaluateKey, type KeyStatus } from '../domain/keys/key-status.ts';
import type { KeyAuthenticator } from './key-authenticator.ts';
import type { Counters } from './ports/counters-port.ts';
import { createRateWindows, type RateWindow } from './rate-window.ts';

/**
 * Key verification as one plain function (after unkey's verifier): lookup → status
 * (deactivated, expired, browser origin) → rate window → product, in the order that
 * reveals the least. It returns a value, never throws for a refusal; the HTTP hook
 * (http/plugins/api-key.ts) only maps it to headers and problem documents.
 */
export type Verification =
  | Exclude<KeyStatus, { kind: 'ok' }>
  | { kind: 'rate_limited'; key: KeyRecord; window: RateWindow }
  | { kind: 'product_missing'; key: KeyRecord; window: RateWindow; product: Product }
  | { kind: 'ok'; key: KeyRecord; window: RateWindow };

export interface VerifyRequest {
  /** the presented secret (svc_sk_… / svc_pk_…) */
  secret: string;
  /** what the request's browser headers say (Origin, Sec-Fetch-*): domain/keys/browser-request.ts */
  browser: BrowserRequest;
  /** the product the route belongs to; none for /key and the public routes */
  product: Product | undefined;
}

export interface KeyVerifier {
  verify(request: VerifyRequest): Promise<Verification>;
  /**
   * `verify`'s answer without a promise when everything it needs is in this process's
   * memory (the key cached and fresh, the rate window in memory counters); undefined
   * otherwise, and then nothing was counted
   */
  verifyNow(request: VerifyRequest): Verification | undefined;
}

/** what a key that passed its status checks gets: over its window, outside its products, or in */
function judged(key: KeyRecord, window: RateWindow, product: Product | undefined): Verification {
  if (!window.admitted) return { kind: 'rate_limited', key, window };
  if (product && !keyHasProduct(key, product)) return { kind: 'product_missing', key, window, product };
  return { kind: 'ok', key, window };
}

export function createKeyVerifier(deps: {
  authenticator: KeyAuthenticator;
  counters: Counters;
  clock: () => number;
}): KeyVerifier {
  const inMemoryWindows = deps.counters.incrementWithinNow !== undefined;
  const windows = createRateWindows(deps.counters);
  return {
    async verify({ secret, browser, product }) {
      const nowMs = deps.clock();
      const status = evaluateKey(await deps.authenticator.lookup(secret), { nowMs, browser });
      if (status.kind !== 'ok') return status;
      return judged(status.key, await windows.consume(status.key, nowMs), product);
    },
    verifyNow({ secret, browser, product }) {
      if (!inMemoryWindows) return undefined;
      const found = deps.authenticator.cachedLookup(secret);
      if (found === undefined) return undefined;
      const nowMs = deps.clock();
      const status = evaluateKey(found, { nowMs, browser });
      if (status.kind !== 'ok') return status;
      const window = windows.consumeNow(status.key, nowMs);
      return window === undefined ? undefined : judged(status.key, window, product);
    },
  };
}
