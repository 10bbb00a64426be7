import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openDatabase } from '../../src/adapters/store/database.ts';
import { createKeyRepository, type KeyRepository } from '../../src/adapters/store/keys.ts';
import { parseConfig } from '../../src/config.ts';
import { DependencyUnavailableError } from '../../src/domain/errors/dependency.ts';
import { createKeyAuthenticator, keyActivity } from '../../src/services/key-authenticator.ts';
import { keyIssuer } from '../helpers/keys.ts';

/** The key cache through faults: a cached key survives a database outage; revocations announced elsewhere apply at once. */
async function withKeys(run: (keys: KeyRepository, secret: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-keycache-'));
  const opened = await openDatabase({ dataDir: dir });
  try {
    const keys = createKeyRepository(opened.db);
    const secret = await keyIssuer(keys, parseConfig({ DATA_DIR: dir }), Date.now).createKey();
    await run(keys, secret);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a key read before the database went away is still accepted; an unseen key fails with the typed outage', async () => {
  await withKeys(async (keys, secret) => {
    const unseen = await keyIssuer(keys, parseConfig({ DATA_DIR: tmpdir() }), Date.now).createKey();
    let now = 1_000_000;
    let down = false;
    const outage = () => Promise.reject(new DependencyUnavailableError('database'));
    const flaky: KeyRepository = {
      ...keys,
      findByHash: (hash) => (down ? outage() : keys.findByHash(hash)),
      findById: (id) => (down ? outage() : keys.findById(id)),
    };
    const authenticator = createKeyAuthenticator(flaky, { clock: () => now });
    const key = await authenticator.lookup(secret);
    assert.ok(key);
    assert.ok(await authenticator.byId(key.id));
    down = true;
    now += 60_000; // well past the 2 s staleness
    assert.equal((await authenticator.lookup(secret))?.id, key.id);
    assert.equal((await authenticator.byId(key.id))?.id, key.id);
    await assert.rejects(authenticator.lookup(unseen), DependencyUnavailableError);
  });
});

test('forget() drops a key at once, without waiting for the cache to age', async () => {
  await withKeys(async (keys, secret) => {
    const authenticator = createKeyAuthenticator(keys, { clock: () => 0, maxStaleMs: 60_000 });
    const key = await authenticator.lookup(secret);
    assert.ok(key);
    await keys.revoke(key.id, 1);
    assert.equal((await authenticator.lookup(secret))?.revokedMs, null, 'still cached: not revoked yet');
    authenticator.forget(key.id);
    assert.notEqual((await authenticator.lookup(secret))?.revokedMs, null, 'read again: revoked');
  });
});

test('reading a key as revoked is announced to the other instances', async () => {
  await withKeys(async (keys, secret) => {
    const announced: string[] = [];
    const authenticator = createKeyAuthenticator(keys, { onRevokedSeen: (id) => announced.push(id) });
    const key = await authenticator.lookup(secret);
    assert.ok(key);
    await keys.revoke(key.id, Date.now());
    authenticator.forget(key.id);
    await authenticator.lookup(secret);
    assert.deepEqual(announced, [key.id]);
  });
});

test('keyActivity answers at once from a fresh cache, and asks the store once it is stale or forgotten', async () => {
  await withKeys(async (keys, secret) => {
    let now = 1_000_000;
    const authenticator = createKeyAuthenticator(keys, { clock: () => now });
    const isActive = keyActivity(authenticator, () => now);
    const key = await authenticator.lookup(secret);
    assert.ok(key);
    const first = isActive(key.id);
    assert.ok(first instanceof Promise, 'nothing cached by id yet: read from the store');
    assert.equal(await first, true);
    assert.equal(isActive(key.id), true, 'fresh: answered synchronously');
    await keys.revoke(key.id, now);
    authenticator.forget(key.id);
    const afterRevoke = isActive(key.id);
    assert.ok(afterRevoke instanceof Promise, 'forgotten: read again');
    assert.equal(await afterRevoke, false);
    assert.equal(isActive(key.id), false);
    now += 2_001;
    const stale = isActive(key.id);
    assert.ok(stale instanceof Promise, 'stale: read again');
    assert.equal(await stale, false);
  });
});

test('concurrent reads of one key by id share a single store read', async () => {
  await withKeys(async (keys, secret) => {
    let reads = 0;
    const counting: KeyRepository = {
      ...keys,
      findById: (id) => {
        reads++;
        return keys.findById(id);
      },
    };
    let now = 1_000_000;
    const authenticator = createKeyAuthenticator(counting, { clock: () => now });
    const key = await authenticator.lookup(secret);
    assert.ok(key);
    const answers = await Promise.all(Array.from({ length: 8 }, () => authenticator.byId(key.id)));
    assert.equal(reads, 1);
    assert.ok(answers.every((answer) => answer?.id === key.id));
    now += 2_001;
    await Promise.all([authenticator.byId(key.id), authenticator.byId(key.id)]);
    assert.equal(reads, 2, 'stale: read once more, again shared');
  });
});

test('a read by id under way when the key is forgotten is neither joined nor kept', async () => {
  await withKeys(async (keys, secret) => {
    const key = (await createKeyAuthenticator(keys).lookup(secret))!;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const slowFirst: KeyRepository = {
      ...keys,
      findById: async (id) => {
        reads++;
        const record = await keys.findById(id);
        if (reads === 1) await gate; // the first read saw the key before its revocation
        return record;
      },
    };
    const authenticator = createKeyAuthenticator(slowFirst);
    const before = authenticator.byId(key.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await keys.revoke(key.id, Date.now());
    authenticator.forget(key.id);
    const after = await authenticator.byId(key.id);
    assert.notEqual(after?.revokedMs, null, 'a new read, not the one under way');
    release();
    assert.equal((await before)?.revokedMs, null);
    assert.notEqual(
      (await authenticator.byId(key.id))?.revokedMs,
      null,
      'the older read did not overwrite the cache',
    );
    assert.equal(reads, 2);
  });
});
