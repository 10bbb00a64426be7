import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createMemoryCache } from '../../src/adapters/cache/memory.ts';
import { createRedisCache } from '../../src/adapters/cache/redis.ts';
import { createSqlCache } from '../../src/adapters/cache/sql.ts';
import { createMemoryCounters } from '../../src/adapters/counters/memory.ts';
import { createRedisCounters } from '../../src/adapters/counters/redis.ts';
import { createSqlCounters } from '../../src/adapters/counters/sql.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { createKeyRepository } from '../../src/adapters/store/keys.ts';
import type { KeyRecord } from '../../src/domain/keys/key-record.ts';
import type { KeyValueCache } from '../../src/services/ports/cache-port.ts';
import type { Counters } from '../../src/services/ports/counters-port.ts';
import { createTempPostgres } from '../helpers/postgres.ts';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sqlite(): Promise<OpenedDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-adapters-'));
  const opened = await openDatabase({ dataDir: dir });
  cleanups.push(async () => {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return opened;
}

async function postgres(): Promise<OpenedDatabase> {
  const temp = await createTempPostgres();
  const opened = await openDatabase({ dataDir: '/nonexistent', databaseUrl: temp.url });
  cleanups.push(async () => {
    await opened.close();
    await temp.drop();
  });
  return opened;
}

function redisClient(): Redis {
  const client = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  cleanups.push(async () => {
    await client.quit();
  });
  return client;
}

const backends: Array<[string, () => Promise<{ counters: Counters; cache: KeyValueCache }>]> = [
  [
    'SQLite',
    async () => {
      const db = await sqlite();
      return { counters: createSqlCounters(db.db), cache: createSqlCache(db.db) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const db = await postgres();
      return { counters: createSqlCounters(db.db), cache: createSqlCache(db.db) };
    },
  ],
  ['memory', async () => ({ counters: createMemoryCounters(), cache: createMemoryCache() })],
  [
    'Redis',
    async () => {
      const client = redisClient();
      const prefix = `svc-test:${randomUUID()}:`;
      return { counters: createRedisCounters(client, prefix), cache: createRedisCache(client, prefix) };
    },
  ],
];

for (const [name, open] of backends) {
  describe(`${name} counters and cache`, () => {
    test('incrementWithin never passes the limit, even under concurrent calls', async () => {
      const { counters } = await open();
      const expires = Date.now() + 60_000;
      const results = await Promise.all(
        Array.from({ length: 25 }, () => counters.incrementWithin('q', 1, 10, expires)),
      );
      assert.equal(results.filter((r) => r.applied).length, 10);
      assert.equal(await counters.read('q', Date.now()), 10);
      const refused = await counters.incrementWithin('q', 1, 10, expires);
      assert.deepEqual(refused, { value: 10, applied: false });
      await counters.decrement('q', 1);
      assert.equal(await counters.read('q', Date.now()), 9);
      assert.equal((await counters.incrementWithin('q', 1, 10, expires)).applied, true);
    });

    test('separate names count separately; decrement never goes below zero', async () => {
      const { counters } = await open();
      const expires = Date.now() + 60_000;
      await counters.incrementWithin('a', 2, 5, expires);
      await counters.incrementWithin('b', 1, 5, expires);
      assert.equal(await counters.read('a', Date.now()), 2);
      assert.equal(await counters.read('b', Date.now()), 1);
      await counters.decrement('b', 3);
      assert.equal(await counters.read('b', Date.now()), 0);
    });

    test('cache set, get, overwrite and expiry', async () => {
      const { cache } = await open();
      assert.equal(await cache.get('k'), null);
      await cache.set('k', 'one', null);
      assert.equal(await cache.get('k'), 'one');
      await cache.set('k', 'two', null);
      assert.equal(await cache.get('k'), 'two');
      await cache.set('short', 'x', 30);
      await new Promise((resolve) => setTimeout(resolve, 80));
      assert.equal(await cache.get('short'), null);
    });
  });
}

describe('SQL counters shared by two connections to one SQLite file (two processes)', () => {
  test('interleaved increments from both never pass the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-adapters-'));
    const first = await openDatabase({ dataDir: dir });
    const second = await openDatabase({ dataDir: dir });
    cleanups.push(async () => {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const a = createSqlCounters(first.db);
    const b = createSqlCounters(second.db);
    const expires = Date.now() + 60_000;
    // each connection has its own queue, so a read-then-write counter interleaves here
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).incrementWithin('shared', 1, 10, expires)),
    );
    assert.equal(results.filter((r) => r.applied).length, 10);
    assert.equal(await a.read('shared', Date.now()), 10);
    assert.equal(await b.read('shared', Date.now()), 10);
  });
});

describe('SQL counters with an expired leftover', () => {
  test('an expired counter restarts from zero', async () => {
    const db = await sqlite();
    let now = 1_000_000;
    const counters = createSqlCounters(db.db, () => now);
    await counters.incrementWithin('w', 3, 3, now + 100);
    now += 200;
    const again = await counters.incrementWithin('w', 1, 3, now + 100);
    assert.deepEqual(again, { value: 1, applied: true });
  });
});

for (const [name, open] of [
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const) {
  test(`${name} key repository stores hashes, finds by hash and id, revokes once`, async () => {
    const db = await open();
    const keys = createKeyRepository(db.db);
    const key: KeyRecord = {
      id: randomUUID(),
      displayPrefix: 'svc_sk_abcd',
      label: 'repo',
      type: 'sk',
      cities: ['*'],
      products: ['map'],
      metrics: [],
      horizons: ['realtime'],
      origins: ['https://a.example'],
      ratePerMin: 7,
      reportsPerDay: 2,
      createdMs: 1_700_000_000_000,
      expiresMs: null,
      revokedMs: null,
    };
    await keys.insert(key, 'ab'.repeat(32));
    assert.deepEqual((await keys.findByHash('ab'.repeat(32)))?.key, key);
    assert.deepEqual(await keys.findById(key.id), key);
    assert.equal(await keys.findByHash('cd'.repeat(32)), null);
    assert.equal(await keys.revoke(key.id, 1_800_000_000_000), true);
    assert.equal(await keys.revoke(key.id, 1_800_000_000_001), false);
    assert.equal((await keys.findById(key.id))?.revokedMs, 1_800_000_000_000);
    assert.equal((await keys.list()).length, 1);
  });
}
