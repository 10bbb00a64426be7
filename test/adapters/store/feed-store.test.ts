import assert from 'node:assert/strict';
import { createFeedStore } from '../../../src/adapters/store/feed-store.ts';
import type { Reading } from '../../../src/domain/live/readings.ts';
import type { FeedClient } from '../../../src/services/live/feeds-port.ts';
import { FeedError } from '../../../src/services/live/feeds-port.ts';
import { createFeedPoller } from '../../../src/services/live/poller.ts';
import { onEveryDatabase } from '../../helpers/every-database.ts';

/**
 * The feeds' store on real SQLite and PostgreSQL: values survive a reopen, a revised
 * value replaces its hour, a failed poll writes nothing over good values, and two
 * instances on one database take turns with the poll lease.
 */
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 8);
const reading = (hourMs: number, value: number): Reading => ({
  feed: 'ircel-celine',
  site: '41R012',
  lat: 50.7967,
  lon: 4.3586,
  quantity: 'no2',
  hourMs,
  value,
});

onEveryDatabase(
  'stored readings survive a restart; revisions replace, failures never erase',
  async (open) => {
    let database = await open();
    let store = createFeedStore(database.db, () => T0 + HOUR);
    await store.save([reading(T0, 30), reading(T0 + HOUR, 31)]);
    await store.recordAttempt('ircel-celine', T0 + HOUR, { newestValueMs: T0 + HOUR });
    // the provider revises the 09:00 value
    await store.save([reading(T0 + HOUR, 33.5)]);
    await database.close();

    database = await open();
    store = createFeedStore(database.db);
    const values = (await store.readings(T0 - HOUR, T0 + 2 * HOUR)).map((r) => [r.hourMs - T0, r.value]);
    assert.deepEqual(values.sort(), [
      [0, 30],
      [HOUR, 33.5],
    ]);
    // a failed poll records its reason and keeps the last success and newest value
    await store.recordAttempt('ircel-celine', T0 + 2 * HOUR, { error: 'http_error: answered 503' });
    const [state] = await store.states();
    assert.equal(state?.lastSuccessMs, T0 + HOUR);
    assert.equal(state?.newestValueMs, T0 + HOUR);
    assert.equal(state?.lastError, 'http_error: answered 503');
    assert.equal((await store.readings(T0 - HOUR, T0 + 2 * HOUR)).length, 2);
    await database.close();
  },
);

onEveryDatabase('one poller at a time: a lease in the shared store', async (open) => {
  const a = await open();
  const b = await open();
  try {
    let calls = 0;
    const client: FeedClient = {
      feed: 'ircel-celine',
      root: 'http://example.invalid',
      cadenceMs: 60_000,
      normalLagMs: 3 * HOUR,
      async read() {
        calls++;
        return { readings: [reading(T0, 20)], dropped: 0 };
      },
    };
    let now = T0;
    const quiet = { warn() {} };
    const first = createFeedPoller({
      store: createFeedStore(a.db),
      clients: [client],
      points: () => [],
      clock: () => now,
      log: quiet,
    });
    const second = createFeedPoller({
      store: createFeedStore(b.db),
      clients: [client],
      points: () => [],
      clock: () => now,
      log: quiet,
    });
    assert.equal((await first.pollAll())[0]?.outcome, 'ok');
    assert.equal((await second.pollAll())[0]?.outcome, 'leased_elsewhere');
    assert.equal(calls, 1, 'the provider was asked once');
    // the holder stops (its lease runs out): the other takes over
    now += 60_000 + 31_000;
    assert.equal((await second.pollAll())[0]?.outcome, 'ok');
    assert.equal((await first.pollAll())[0]?.outcome, 'leased_elsewhere');
    // the CLI's poll ignores the lease
    assert.equal((await first.pollAll({ lease: false }))[0]?.outcome, 'ok');
  } finally {
    await a.close();
    await b.close();
  }
});

onEveryDatabase(
  'a failed poll is logged with the feed and the reason, counted, and stores nothing',
  async (open) => {
    const database = await open();
    try {
      const store = createFeedStore(database.db);
      await store.save([reading(T0, 25)]);
      const lines: string[] = [];
      const counted: string[] = [];
      const poller = createFeedPoller({
        store,
        clients: [
          {
            feed: 'ircel-celine',
            root: 'http://example.invalid',
            cadenceMs: 60_000,
            normalLagMs: 3 * HOUR,
            read: () =>
              Promise.reject(
                new FeedError('invalid_body', "getData: the body is not JSON (starts with 'nan')"),
              ),
          },
        ],
        points: () => [],
        clock: () => T0 + HOUR,
        log: { warn: (_fields, message) => lines.push(message) },
        metrics: {
          enabled: true,
          count: (_name, labels) =>
            counted.push(`${(labels as { feed: string }).feed}:${(labels as { outcome: string }).outcome}`),
          observe() {},
          adjust() {},
          sample() {},
        },
      });
      const [outcome] = await poller.pollAll();
      assert.equal(outcome?.outcome, 'invalid_body');
      assert.deepEqual(lines, [
        "feed poll failed: ircel-celine: getData: the body is not JSON (starts with 'nan')",
      ]);
      assert.deepEqual(counted, ['ircel-celine:invalid_body']);
      assert.deepEqual(
        (await store.readings(T0, T0)).map((r) => r.value),
        [25],
      );
    } finally {
      await database.close();
    }
  },
);

onEveryDatabase("the stations' listing and one station's series (issue #50)", async (open) => {
  const database = await open();
  try {
    const store = createFeedStore(database.db, () => T0);
    const site = {
      feed: 'ircel-celine' as const,
      site: '41R012',
      name: 'Uccle',
      lat: 50.7967,
      lon: 4.3586,
      quantities: ['o3' as const, 'no2' as const],
    };
    await store.saveSites([site]);
    // a new listing renames and moves it
    await store.saveSites([{ ...site, name: 'Ukkel', lat: 50.8 }]);
    assert.deepEqual(await store.sites('ircel-celine'), [
      { ...site, name: 'Ukkel', lat: 50.8, quantities: ['no2', 'o3'] },
    ]);
    assert.deepEqual(await store.sites('open-meteo'), []);
    await store.save([
      reading(T0 + 2 * HOUR, 32),
      reading(T0, 30),
      { ...reading(T0 + HOUR, 31), site: '41R001' },
      { ...reading(T0 + HOUR, 44), quantity: 'o3' },
    ]);
    const series = await store.siteReadings('ircel-celine', '41R012', T0, T0 + 2 * HOUR);
    assert.deepEqual(
      series.map((r) => [r.hourMs - T0, r.quantity, r.value]),
      [
        [0, 'no2', 30],
        [HOUR, 'o3', 44],
        [2 * HOUR, 'no2', 32],
      ],
    );
  } finally {
    await database.close();
  }
});
