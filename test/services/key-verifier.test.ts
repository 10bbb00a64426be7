import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { createMemoryCounters } from '../../src/adapters/counters/memory.ts';
import type { KeyRepository } from '../../src/adapters/store/keys.ts';
import { browserRequest } from '../../src/domain/keys/browser-request.ts';
import type { KeyRecord } from '../../src/domain/keys/key-record.ts';
import { generateKeySecret, hashKeySecret } from '../../src/domain/keys/key-secret.ts';
import { createKeyAuthenticator } from '../../src/services/key-authenticator.ts';
import { createKeyVerifier, type KeyVerifier } from '../../src/services/key-verifier.ts';
import { keyRecord as aKeyRecord } from '../helpers/key-record.ts';

// a fake clock (node:test mock.timers, as fastify-rate-limit's tests), 10.4 s into a
// minute so that rounding to whole seconds is exercised
const T0 = Date.UTC(2026, 10, 23, 9, 30, 10, 400);

function keyRecord(overrides: Partial<KeyRecord> = {}): KeyRecord {
  return aKeyRecord({ createdMs: T0 - 86_400_000, ...overrides });
}

/** the key store's in-memory twin: enough of the port for lookups */
function memoryKeys(): KeyRepository & { add(key: KeyRecord): string } {
  const byHash = new Map<string, KeyRecord>();
  return {
    add(key) {
      const secret = generateKeySecret(key.type);
      byHash.set(hashKeySecret(secret), key);
      return secret;
    },
    async insert(key, hash) {
      byHash.set(hash, key);
    },
    async findByHash(hash) {
      const key = byHash.get(hash);
      return key ? { key, hash } : null;
    },
    async findById(id) {
      return [...byHash.values()].find((key) => key.id === id) ?? null;
    },
    async list() {
      return [...byHash.values()];
    },
    async revoke() {
      return false;
    },
  };
}

let keys: ReturnType<typeof memoryKeys>;
let verifier: KeyVerifier;
beforeEach(() => {
  mock.timers.enable({ apis: ['Date'], now: T0 });
  keys = memoryKeys();
  verifier = createKeyVerifier({
    authenticator: createKeyAuthenticator(keys, { clock: Date.now }),
    counters: createMemoryCounters(Date.now),
    clock: Date.now,
  });
});
afterEach(() => mock.timers.reset());

// a browser request is read from its headers exactly as the HTTP hook reads them; each
// suite runs twice: through the promise, and as the hook asks (in this turn when the
// answer is at hand, else through the promise), which must answer and count alike
type Mode = 'promise' | 'as the hook asks';
const verifyBy =
  (mode: Mode) =>
  async (secret: string, more: { origin?: string; product?: 'historical' | 'map' } = {}) => {
    const request = {
      secret,
      browser: browserRequest({ origin: more.origin, host: 'api.example', protocol: 'https' }),
      product: more.product,
    };
    return (
      (mode === 'as the hook asks' ? verifier.verifyNow(request) : undefined) ?? verifier.verify(request)
    );
  };

for (const mode of ['promise', 'as the hook asks'] as const) {
  const verify = verifyBy(mode);
  describe(`key verifier: lookup and status (${mode})`, () => {
    test('an unknown or malformed secret is unknown', async () => {
      assert.equal((await verify(generateKeySecret('sk'))).kind, 'unknown');
      assert.equal((await verify('not-a-key')).kind, 'unknown');
    });

    test('a key expires at exactly its expiry instant, not a millisecond later', async () => {
      const secret = keys.add(keyRecord({ expiresMs: T0 + 1 }));
      assert.equal((await verify(secret)).kind, 'ok');
      mock.timers.tick(1);
      assert.equal((await verify(secret)).kind, 'expired');
    });

    test('a revoked key is revoked even though it has not expired, and says nothing about origins', async () => {
      const secret = keys.add(keyRecord({ revokedMs: T0 - 1000, expiresMs: T0 + 86_400_000 }));
      assert.equal((await verify(secret)).kind, 'revoked');
      assert.equal((await verify(secret, { origin: 'https://elsewhere.example' })).kind, 'revoked');
    });

    test('origins: a secret key from a browser, a publishable key from an unregistered origin', async () => {
      const sk = keys.add(keyRecord());
      const pk = keys.add(keyRecord({ type: 'pk', origins: ['https://app.example'] }));
      assert.equal((await verify(sk, { origin: 'https://app.example' })).kind, 'secret_from_browser');
      assert.equal((await verify(pk, { origin: 'https://evil.example' })).kind, 'origin_not_allowed');
      assert.equal((await verify(pk, { origin: 'https://APP.example' })).kind, 'ok');
      assert.equal((await verify(pk)).kind, 'ok');
    });
  });

  describe(`key verifier: rate window and product (${mode})`, () => {
    test('counts each request in the minute window; past the limit, Retry-After rounds up to the next window', async () => {
      const secret = keys.add(keyRecord({ ratePerMin: 2 }));
      const first = await verify(secret);
      assert.equal(first.kind, 'ok');
      assert.deepEqual('window' in first && [first.window.limit, first.window.remaining], [2, 1]);
      assert.equal((await verify(secret)).kind, 'ok');
      const refused = await verify(secret);
      assert.equal(refused.kind, 'rate_limited');
      if (refused.kind !== 'rate_limited') return;
      // 49.6 s to the next minute: 50, not 49 (and the reset is the next minute, in seconds)
      assert.equal(refused.window.retryAfterS, 50);
      assert.equal(refused.window.resetS, (Date.UTC(2026, 10, 23, 9, 31) / 1000) | 0);
      assert.equal(refused.window.remaining, 0);
      mock.timers.tick(49_600);
      assert.equal((await verify(secret)).kind, 'ok');
    });

    test('Retry-After is at least 1 s in the last fraction of a second of a window', async () => {
      mock.timers.setTime(Date.UTC(2026, 10, 23, 9, 30, 59, 900));
      const secret = keys.add(keyRecord({ ratePerMin: 1 }));
      await verify(secret);
      const refused = await verify(secret);
      assert.equal(refused.kind === 'rate_limited' && refused.window.retryAfterS, 1);
    });

    test('a refused status is not counted against the window', async () => {
      const secret = keys.add(keyRecord({ ratePerMin: 1 }));
      assert.equal((await verify(secret, { origin: 'https://app.example' })).kind, 'secret_from_browser');
      assert.equal((await verify(secret)).kind, 'ok');
    });

    test('the product is checked after the window: a key lacking it is counted, then refused', async () => {
      const secret = keys.add(keyRecord({ products: ['map'], ratePerMin: 1 }));
      const missing = await verify(secret, { product: 'historical' });
      assert.equal(missing.kind, 'product_missing');
      assert.equal(missing.kind === 'product_missing' && missing.product, 'historical');
      // the window is used up, so the next request learns the limit before the product
      assert.equal((await verify(secret, { product: 'historical' })).kind, 'rate_limited');
    });

    test('a key with the product is ok and carries its record', async () => {
      const record = keyRecord({ products: ['historical'] });
      const secret = keys.add(record);
      const result = await verify(secret, { product: 'historical' });
      assert.equal(result.kind, 'ok');
      assert.equal(result.kind === 'ok' && result.key.id, record.id);
    });
  });
}

describe('key verifier: answers in this turn', () => {
  test('only once the key is cached; then it counts in the same window as the promise path', async () => {
    const secret = keys.add(keyRecord({ ratePerMin: 3 }));
    const request = {
      secret,
      browser: browserRequest({ host: 'api.example', protocol: 'https' }),
      product: undefined,
    };
    assert.equal(verifier.verifyNow(request), undefined, 'not cached yet: nothing answered, nothing counted');
    assert.deepEqual((await verifier.verify(request)).kind, 'ok');
    const now = verifier.verifyNow(request);
    assert.equal(now?.kind, 'ok');
    assert.equal(now && 'window' in now && now.window.remaining, 1);
    assert.equal((await verifier.verify(request)).kind, 'ok');
    assert.equal(verifier.verifyNow(request)?.kind, 'rate_limited');
    // stale after 2 s: back to the store, through the promise
    mock.timers.tick(2_001);
    assert.equal(verifier.verifyNow(request), undefined);
  });

  test('never with counters outside this process (database, Redis)', async () => {
    const memory = createMemoryCounters(Date.now);
    const { incrementWithinNow: _inMemoryOnly, ...shared } = memory;
    const remote = createKeyVerifier({
      authenticator: createKeyAuthenticator(keys, { clock: Date.now }),
      counters: shared,
      clock: Date.now,
    });
    const secret = keys.add(keyRecord());
    const request = {
      secret,
      browser: browserRequest({ host: 'api.example', protocol: 'https' }),
      product: undefined,
    };
    assert.equal((await remote.verify(request)).kind, 'ok');
    assert.equal(remote.verifyNow(request), undefined);
  });
});
