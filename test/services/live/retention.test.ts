import assert from 'node:assert/strict';
import { createFeedStore } from '../../../src/adapters/store/feed-store.ts';
import type { Reading } from '../../../src/domain/live/readings.ts';
import { createReadingsRetention } from '../../../src/services/live/retention.ts';
import type { Metrics } from '../../../src/services/ports/telemetry-port.ts';
import { onEveryDatabase } from '../../helpers/every-database.ts';

/**
 * FEED_RETENTION_DAYS on real SQLite and PostgreSQL: the job removes the hours that fell
 * out of the window (and only those, across many prune windows), counts what remains per
 * feed, and with two instances on one database one prunes while both count.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 11, 3, 6, 30);
const reading = (feed: Reading['feed'], hourMs: number): Reading => ({
  feed,
  site: feed === 'ircel-celine' ? '41R012' : '50.85,4.35',
  lat: 50.85,
  lon: 4.35,
  quantity: feed === 'ircel-celine' ? 'no2' : 'ta_c',
  hourMs,
  value: 20,
});
const noLog = { warn() {} };

onEveryDatabase('readings older than the retention go; the rest are counted per feed', async (open) => {
  const database = await open();
  try {
    const store = createFeedStore(database.db, () => NOW);
    const latest = Math.floor(NOW / HOUR) * HOUR - HOUR;
    // ten days of station hours, three of meteorology
    const hours = (days: number) => Array.from({ length: days * 24 }, (_, i) => latest - i * HOUR);
    await store.save([
      ...hours(10).map((h) => reading('ircel-celine', h)),
      ...hours(3).map((h) => reading('open-meteo', h)),
    ]);
    const gauges = new Map<string, () => Promise<ReadonlyArray<readonly [Record<string, string>, number]>>>();
    const metrics = {
      enabled: true,
      count() {},
      observe() {},
      adjust() {},
      sample(name: string, read: () => Promise<ReadonlyArray<readonly [Record<string, string>, number]>>) {
        gauges.set(name, read);
      },
    } as unknown as Metrics;
    const retention = createReadingsRetention({
      store,
      keepMs: 4 * DAY,
      clock: () => NOW,
      log: noLog,
      metrics,
    });
    const keptFrom = retention.keptFrom(NOW);
    assert.equal(keptFrom % HOUR, 0, 'kept from an hour');
    const { removed, census } = await retention.run();
    const expectedGone = hours(10).filter((h) => h < keptFrom).length;
    assert.ok(expectedGone > 100, 'the prune spans many of its windows');
    assert.equal(removed, expectedGone);
    const remaining = await store.readings(NOW - 20 * DAY, NOW);
    assert.ok(remaining.every((r) => r.hourMs >= keptFrom));
    assert.equal(remaining.filter((r) => r.feed === 'ircel-celine').length, hours(10).length - expectedGone);
    const byFeed = Object.fromEntries(census.map((c) => [c.feed, c]));
    assert.equal(byFeed['ircel-celine']?.readings, hours(10).length - expectedGone);
    assert.equal(byFeed['ircel-celine']?.oldestMs, keptFrom);
    assert.equal(byFeed['ircel-celine']?.newestMs, latest);
    assert.equal(byFeed['open-meteo']?.readings, 72);
    // the store's size in the metrics, as counted
    const readings = Object.fromEntries(
      (await gauges.get('feed_store_readings')!()).map(([labels, value]) => [labels.feed, value]),
    );
    assert.deepEqual(readings, { 'ircel-celine': hours(10).length - expectedGone, 'open-meteo': 72 });
    const [, oldestAge] = (await gauges.get('feed_store_oldest_age_seconds')!()).find(
      ([labels]) => labels.feed === 'ircel-celine',
    )!;
    assert.equal(oldestAge, (NOW - keptFrom) / 1000);

    // a second instance on the same database: the lease is held, it only counts
    const other = createReadingsRetention({ store, keepMs: 1 * DAY, clock: () => NOW, log: noLog });
    const second = await other.run();
    assert.equal(second.removed, 0);
    assert.equal(second.census.find((c) => c.feed === 'open-meteo')?.readings, 72);
  } finally {
    await database.close();
  }
});
