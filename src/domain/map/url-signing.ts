import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed tile URLs. A signature binds the key id, the city, the layer, the horizon and
 * step (and, for forecasts, the hour the forecast was issued) and the expiry. It covers
 * a path prefix rather than one path, so the TileJSON of a layer step and every
 * z/x/y tile under it verify with the same `key`, `exp` and `sig`; the server rebuilds
 * the prefix from the requested path, never from anything the caller names.
 *
 * Canonical string, one field per line:
 *   svc-tiles-v1 / key id / city / scope path / issued ms or '-' / exp (epoch seconds)
 * sig = base64url(HMAC-SHA256(secret, canonical)).
 */

export type TileHorizon = 'realtime' | 'forecast' | 'static';

export interface TileScope {
  city: string;
  layer: string;
  horizon: TileHorizon;
  /** the step's hour, epoch ms; null for static layers */
  stepMs: number | null;
  /** forecasts only: the observed hour the forecast was issued at, epoch ms */
  issuedMs?: number;
}

/** The path prefix (below /v1) that a signature covers; also the TileJSON path without `.json`. */
export function scopePath(scope: TileScope): string {
  const base = `/map/${scope.city}/tiles`;
  if (scope.horizon === 'static') return `${base}/${scope.layer}`;
  if (scope.horizon === 'forecast') return `${base}/forecast/${scope.layer}/${scope.stepMs}`;
  return `${base}/${scope.layer}/${scope.stepMs}`;
}

function canonical(keyId: string, scope: TileScope, expS: number): string {
  const issued = scope.horizon === 'forecast' ? String(scope.issuedMs ?? '-') : '-';
  return ['svc-tiles-v1', keyId, scope.city, scopePath(scope), issued, String(expS)].join('\n');
}

function hmac(secret: Buffer, message: string): Buffer {
  return createHmac('sha256', secret).update(message, 'utf8').digest();
}

/**
 * Expiry of URLs signed at `nowMs`: at least `ttlMs` ahead, rounded up to the next whole
 * hour so every URL signed within one hour is identical and caches well. Epoch seconds.
 */
export function urlExpiry(nowMs: number, ttlMs: number): number {
  const hour = 3_600_000;
  return Math.ceil((nowMs + ttlMs) / hour) * (hour / 1000);
}

/** The query string of a signed URL: `key`, `exp`, `sig` (and `issued` on forecast steps). */
export function signQuery(secret: Buffer, keyId: string, scope: TileScope, expS: number): string {
  const sig = hmac(secret, canonical(keyId, scope, expS)).toString('base64url');
  const issued = scope.horizon === 'forecast' ? `&issued=${scope.issuedMs}` : '';
  return `key=${encodeURIComponent(keyId)}&exp=${expS}${issued}&sig=${sig}`;
}

/** A parameter given twice arrives as a list: never canonical, so never genuine. */
type QueryValue = string | readonly string[] | undefined;

export interface SignedQuery {
  key?: QueryValue;
  exp?: QueryValue;
  sig?: QueryValue;
  issued?: QueryValue;
}

export type Verification =
  | { ok: true; keyId: string; expS: number; issuedMs: number | undefined }
  | { ok: false; reason: 'unsigned' | 'invalid' | 'expired' };

/** canonical decimals only: `0` or no leading zero, so one URL has one spelling */
const DIGITS = /^(?:0|[1-9]\d{0,14})$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/**
 * The expected signature texts of canonical messages already found genuine, so that a
 * hot tile URL is not signed again on every request. Only public fields (key id, scope,
 * expiry) form a message; the presented signature is still compared in constant time.
 */
export interface SignatureMemo {
  get(message: string): readonly Buffer[] | undefined;
  set(message: string, expected: readonly Buffer[]): void;
}

/**
 * Checks a request's signature against the scope rebuilt from its path. Every secret
 * verifies (the first one signs), so a rotated-out secret keeps its URLs working until
 * they expire. Expiry is reported only for a genuine signature, so a forged `exp` can
 * never be told apart from any other forgery.
 */
export function verifyQuery(
  secrets: readonly Buffer[],
  scope: Omit<TileScope, 'issuedMs'>,
  query: SignedQuery,
  nowMs: number,
  memo?: SignatureMemo,
): Verification {
  if ([query.key, query.exp, query.sig, query.issued].some((value) => Array.isArray(value)))
    return { ok: false, reason: 'invalid' };
  const key = query.key as string | undefined;
  const exp = query.exp as string | undefined;
  const sig = query.sig as string | undefined;
  const issued = query.issued as string | undefined;
  if (!key || !exp || !sig) return { ok: false, reason: 'unsigned' };
  if (!DIGITS.test(exp) || !SIG.test(sig)) return { ok: false, reason: 'invalid' };
  let issuedMs: number | undefined;
  if (scope.horizon === 'forecast') {
    if (!issued || !DIGITS.test(issued)) return { ok: false, reason: 'invalid' };
    issuedMs = Number(issued);
  }
  const expS = Number(exp);
  // Compare the text of the signature, not its decoded bytes: base64url decoding ignores
  // the spare bits of the last character, which would let altered signatures through.
  const presented = Buffer.from(sig, 'utf8');
  const message = canonical(key, { ...scope, issuedMs }, expS);
  const remembered = memo?.get(message);
  const expected =
    remembered ?? secrets.map((secret) => Buffer.from(hmac(secret, message).toString('base64url'), 'utf8'));
  let genuine = false;
  for (const candidate of expected) {
    // no early exit: every secret is tried so timing does not reveal which one matched
    if (candidate.length === presented.length && timingSafeEqual(candidate, presented)) genuine = true;
  }
  if (!genuine) return { ok: false, reason: 'invalid' };
  // only genuine messages are remembered: forgeries can neither fill nor evict the memo
  if (!remembered) memo?.set(message, expected);
  // The signature first, then the expiry: a forged URL is `unauthorized` whatever its
  // `exp`, and only a genuine URL past its time is told so (url_expired).
  if (expS * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, keyId: key, expS, issuedMs };
}
