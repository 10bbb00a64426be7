import { type BrowserRequest, judgeBrowserUse } from './browser-request.ts';
import type { KeyRecord } from './key-record.ts';

/**
 * The outcome of checking a presented key against the request, as a value rather than a
 * throw (the transport maps it: unknown → 401, everything about entitlement → 403). The
 * checks run in an order that never tells a caller more than it may know: a revoked key
 * learns nothing about origins.
 */
export type KeyStatus =
  | { kind: 'ok'; key: KeyRecord }
  | { kind: 'unknown' }
  | { kind: 'revoked'; key: KeyRecord }
  | { kind: 'expired'; key: KeyRecord }
  | { kind: 'secret_from_browser'; key: KeyRecord }
  | { kind: 'origin_not_allowed'; key: KeyRecord; origin: string };

export function evaluateKey(
  key: KeyRecord | null,
  request: { nowMs: number; browser: BrowserRequest },
): KeyStatus {
  if (!key) return { kind: 'unknown' };
  if (key.revokedMs !== null && key.revokedMs <= request.nowMs) return { kind: 'revoked', key };
  if (key.expiresMs !== null && key.expiresMs <= request.nowMs) return { kind: 'expired', key };
  const verdict = judgeBrowserUse(key, request.browser);
  if (verdict === 'secret_from_browser') return { kind: 'secret_from_browser', key };
  if (verdict === 'origin_not_allowed') {
    return { kind: 'origin_not_allowed', key, origin: request.browser.origin ?? 'unknown' };
  }
  return { kind: 'ok', key };
}

export const KEY_STATUS_DETAIL: Record<Exclude<KeyStatus['kind'], 'ok' | 'unknown'>, string> = {
  revoked: 'This API key has been deactivated.',
  expired: 'This API key has expired.',
  secret_from_browser:
    'A secret key (svc_sk_) must not be sent from a browser; use a publishable key (svc_pk_).',
  origin_not_allowed:
    'This publishable key is not registered for the page origin (Origin, or the page itself on a same-origin request); register it with `svc keys create --origins`.',
};
