import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  scopePath,
  signQuery,
  type TileScope,
  urlExpiry,
  verifyQuery,
} from '../../../src/domain/map/url-signing.ts';

const SECRET = Buffer.from('a'.repeat(32));
const OTHER = Buffer.from('b'.repeat(32));
const NOW = Date.UTC(2026, 5, 1, 10, 20, 0);
const SCOPE: TileScope = {
  city: 'brussels',
  layer: 'thermal',
  horizon: 'realtime',
  stepMs: Date.UTC(2026, 5, 1, 9),
};

function parse(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

test('expiry is at least the TTL ahead and rounded up to the whole hour, so URLs are stable within an hour', () => {
  assert.equal(urlExpiry(NOW, 2 * 3_600_000), Date.UTC(2026, 5, 1, 13) / 1000);
  assert.equal(urlExpiry(Date.UTC(2026, 5, 1, 10, 59, 59), 2 * 3_600_000), Date.UTC(2026, 5, 1, 13) / 1000);
  assert.equal(urlExpiry(Date.UTC(2026, 5, 1, 11, 0, 1), 2 * 3_600_000), Date.UTC(2026, 5, 1, 14) / 1000);
  const exp = urlExpiry(NOW, 2 * 3_600_000);
  assert.equal(signQuery(SECRET, 'k1', SCOPE, exp), signQuery(SECRET, 'k1', SCOPE, exp));
});

test('a genuine signature verifies and names its key', () => {
  const exp = urlExpiry(NOW, 7_200_000);
  const v = verifyQuery([SECRET], SCOPE, parse(signQuery(SECRET, 'k1', SCOPE, exp)), NOW);
  assert.deepEqual(v, { ok: true, keyId: 'k1', expS: exp, issuedMs: undefined });
});

test('the signature is bound to the key, city, layer, step and expiry', () => {
  const exp = urlExpiry(NOW, 7_200_000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp));
  const invalid = { ok: false, reason: 'invalid' };
  assert.deepEqual(verifyQuery([SECRET], { ...SCOPE, city: 'charleroi' }, q, NOW), invalid);
  assert.deepEqual(verifyQuery([SECRET], { ...SCOPE, layer: 'wind' }, q, NOW), invalid);
  assert.deepEqual(verifyQuery([SECRET], { ...SCOPE, stepMs: SCOPE.stepMs! + 3_600_000 }, q, NOW), invalid);
  assert.deepEqual(
    verifyQuery([SECRET], { ...SCOPE, horizon: 'forecast' }, { ...q, issued: '1' }, NOW),
    invalid,
  );
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, key: 'k2' }, NOW), invalid);
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, exp: String(exp + 3600) }, NOW), invalid);
  const flipped = (q.sig![0] === 'A' ? 'B' : 'A') + q.sig!.slice(1);
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, sig: flipped }, NOW), invalid);
  assert.deepEqual(verifyQuery([OTHER], SCOPE, q, NOW), invalid);
});

test('forecast signatures also bind the issue hour', () => {
  const scope: TileScope = { ...SCOPE, horizon: 'forecast', issuedMs: Date.UTC(2026, 5, 1, 9) };
  const exp = urlExpiry(NOW, 7_200_000);
  const q = parse(signQuery(SECRET, 'k1', scope, exp));
  assert.equal(q.issued, String(scope.issuedMs));
  assert.equal(verifyQuery([SECRET], scope, q, NOW).ok, true);
  assert.deepEqual(verifyQuery([SECRET], scope, { ...q, issued: String(scope.issuedMs! - 3_600_000) }, NOW), {
    ok: false,
    reason: 'invalid',
  });
});

test('missing parameters are unsigned; a genuine signature past its exp is expired', () => {
  const exp = urlExpiry(NOW, 7_200_000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp));
  assert.deepEqual(verifyQuery([SECRET], SCOPE, {}, NOW), { ok: false, reason: 'unsigned' });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, sig: undefined }, NOW), {
    ok: false,
    reason: 'unsigned',
  });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, q, exp * 1000), { ok: false, reason: 'expired' });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, exp: 'soon' }, NOW), {
    ok: false,
    reason: 'invalid',
  });
});

test('every configured secret verifies, so rotation keeps older URLs working', () => {
  const exp = urlExpiry(NOW, 7_200_000);
  const q = parse(signQuery(OTHER, 'k1', SCOPE, exp));
  assert.equal(verifyQuery([SECRET, OTHER], SCOPE, q, NOW).ok, true);
});

test('scope paths follow the spec tile endpoints', () => {
  assert.equal(scopePath(SCOPE), `/map/brussels/tiles/thermal/${SCOPE.stepMs}`);
  assert.equal(
    scopePath({ ...SCOPE, horizon: 'forecast' }),
    `/map/brussels/tiles/forecast/thermal/${SCOPE.stepMs}`,
  );
  assert.equal(
    scopePath({ city: 'brussels', layer: 'buildings', horizon: 'static', stepMs: null }),
    '/map/brussels/tiles/buildings',
  );
});

test('the signature is checked before the expiry: a forged URL with a past exp is invalid, not expired', () => {
  const exp = Math.floor(Date.UTC(2030, 0, 1) / 1000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp)) as { key: string; exp: string; sig: string };
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, exp: '1000' }, exp * 1000 - 60_000), {
    ok: false,
    reason: 'invalid',
  });
  // the genuine URL once past its time is the one told so
  assert.deepEqual(verifyQuery([SECRET], SCOPE, q, exp * 1000 + 1000), { ok: false, reason: 'expired' });
});

test('only canonical decimals and single parameters are genuine', () => {
  const exp = Math.floor(Date.UTC(2030, 0, 1) / 1000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp)) as { key: string; exp: string; sig: string };
  const now = exp * 1000 - 60_000;
  assert.equal(verifyQuery([SECRET], SCOPE, q, now).ok, true);
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, exp: `0${q.exp}` }, now), {
    ok: false,
    reason: 'invalid',
  });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, sig: [q.sig, q.sig] }, now), {
    ok: false,
    reason: 'invalid',
  });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, exp: [q.exp, q.exp] }, now), {
    ok: false,
    reason: 'invalid',
  });
});

test('altering any signature character is invalid', () => {
  const exp = Math.floor(Date.UTC(2030, 0, 1) / 1000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp)) as { key: string; exp: string; sig: string };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let i = 0; i < q.sig.length; i++) {
    for (const replacement of [
      alphabet[(alphabet.indexOf(q.sig[i]!) + 1) % 64]!,
      alphabet[(alphabet.indexOf(q.sig[i]!) + 3) % 64]!,
    ]) {
      const altered = q.sig.slice(0, i) + replacement + q.sig.slice(i + 1);
      const result = verifyQuery([SECRET], SCOPE, { ...q, sig: altered }, exp * 1000 - 60_000);
      assert.equal(result.ok, false, `position ${i}`);
    }
  }
});

test('a memo of genuine messages skips re-signing but never loosens the check', () => {
  const held = new Map<string, readonly Buffer[]>();
  const memo = { get: (m: string) => held.get(m), set: (m: string, e: readonly Buffer[]) => held.set(m, e) };
  const exp = urlExpiry(NOW, 7_200_000);
  const q = parse(signQuery(SECRET, 'k1', SCOPE, exp)) as { key: string; exp: string; sig: string };
  const flipped = `${q.sig.slice(0, -1)}${q.sig.endsWith('A') ? 'B' : 'A'}`;
  // a forgery is not remembered
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, sig: flipped }, NOW, memo), {
    ok: false,
    reason: 'invalid',
  });
  assert.equal(held.size, 0);
  assert.equal(verifyQuery([SECRET], SCOPE, q, NOW, memo).ok, true);
  assert.equal(held.size, 1);
  // with the message remembered: the genuine signature still verifies, an altered one does
  // not, and expiry is still checked first
  assert.deepEqual(verifyQuery([SECRET], SCOPE, q, NOW, memo), verifyQuery([SECRET], SCOPE, q, NOW));
  assert.deepEqual(verifyQuery([SECRET], SCOPE, { ...q, sig: flipped }, NOW, memo), {
    ok: false,
    reason: 'invalid',
  });
  assert.deepEqual(verifyQuery([SECRET], SCOPE, q, exp * 1000, memo), { ok: false, reason: 'expired' });
  assert.deepEqual(verifyQuery([SECRET], { ...SCOPE, layer: 'wind' }, q, NOW, memo), {
    ok: false,
    reason: 'invalid',
  });
});
