import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createIrcelClient } from '../../../src/adapters/feeds/ircel.ts';
import { openDatabase } from '../../../src/adapters/store/database.ts';
import { createFeedStore } from '../../../src/adapters/store/feed-store.ts';
import { createLiveData } from '../../../src/services/live/live-data.ts';
import { createFeedPoller } from '../../../src/services/live/poller.ts';
import { type FeedReplay, fixture, startFeedReplay } from '../../helpers/feed-replay.ts';

/**
 * FEEDS.md's "a newest value six hours old" and "duplicate or out-of-order hours", from
 * the provider's bytes to the status an answer shows: IRCEL answers (the poll succeeds)
 * but its newest hour stopped advancing six hours ago, so the data is `stale`, not
 * `fresh`; an hour given twice and hours out of order are stored once each, in order.
 */
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 14, 20);
const POLL_MS = 60_000;

let replay: FeedReplay;
before(async () => {
  replay = await startFeedReplay();
});
after(() => replay.close());

/** getData for every asked series: values stamped at the given hours' ends, in the given order */
function getData(stampsMs: readonly number[]) {
  return ({ body }: { body: string }) => {
    const asked = JSON.parse(body) as { timeseries: string[] };
    const answer: Record<string, { values: Array<{ timestamp: number; value: number }> }> = {};
    for (const id of asked.timeseries)
      answer[id] = { values: stampsMs.map((timestamp, i) => ({ timestamp, value: 20 + i })) };
    return { body: JSON.stringify(answer) };
  };
}

async function pollAndView(stampsMs: readonly number[]) {
  replay.on('/sos/api/v1/stations', { body: fixture('ircel-stations.json') });
  replay.on('/sos/api/v1/timeseries/getData', getData(stampsMs));
  // a store of its own for each case
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-feed-status-'));
  const database = await openDatabase({ dataDir });
  try {
    const store = createFeedStore(database.db, () => NOW);
    const client = createIrcelClient({ root: `${replay.url}/sos/api/v1` });
    const poller = createFeedPoller({
      store,
      clients: [client],
      pollMs: POLL_MS,
      points: () => [],
      clock: () => NOW,
      log: { warn() {} },
    });
    const [outcome] = await poller.pollAll();
    const live = createLiveData({
      store,
      feeds: [{ feed: 'ircel-celine', root: client.root, pollMs: POLL_MS, normalLagMs: client.normalLagMs }],
      clock: () => NOW,
    });
    await live.refresh();
    const sources = live.realtimeSources({ fromMs: NOW - 24 * HOUR, toMs: NOW });
    const stored = await store.readings(NOW - 48 * HOUR, NOW);
    return { outcome, view: live.view()[0]!, source: sources.find((s) => s.id === 'ircel-celine')!, stored };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a newest value six hours old: the poll succeeds, the data is stale, as_of says how old', async () => {
  const sixHoursAgo = Math.floor(NOW / HOUR) * HOUR - 6 * HOUR;
  // stamped at the end of their hours (ircel.ts): the newest is the hour ending six hours ago
  const { outcome, view, source } = await pollAndView([
    sixHoursAgo - 2 * HOUR,
    sixHoursAgo - HOUR,
    sixHoursAgo,
  ]);
  assert.equal(outcome?.outcome, 'ok');
  assert.equal(view.last_error, null);
  assert.equal(view.status, 'stale');
  assert.equal(source.status, 'stale');
  assert.equal(source.as_of, new Date(sixHoursAgo - HOUR).toISOString());
});

test('the same feed an hour behind is fresh (the six hours are what makes it stale)', async () => {
  const latest = Math.floor(NOW / HOUR) * HOUR;
  const { view, source } = await pollAndView([latest - HOUR, latest]);
  assert.equal(view.status, 'fresh');
  assert.equal(source.status, 'fresh');
});

test('duplicate and out-of-order hours are stored once each, and read in order', async () => {
  const t = Math.floor(NOW / HOUR) * HOUR;
  const { outcome, stored } = await pollAndView([t, t - 2 * HOUR, t - HOUR, t, t - 2 * HOUR]);
  assert.equal(outcome?.outcome, 'ok');
  const uccle = stored
    .filter((r) => r.site === '41R012' && r.quantity === 'no2' && r.hourMs >= t - 3 * HOUR)
    .map((r) => r.hourMs)
    .sort((a, b) => a - b);
  assert.deepEqual(uccle, [t - 3 * HOUR, t - 2 * HOUR, t - HOUR]);
});

test("an answer's sources are those of the inputs it was computed from, not of newer ones handed over meanwhile", async () => {
  const hour = Math.floor(NOW / HOUR) * HOUR;
  const state = {
    feed: 'open-meteo' as const,
    lastAttemptMs: NOW,
    lastSuccessMs: NOW,
    lastError: null,
    newestValueMs: hour + 40 * HOUR,
  };
  const store = {
    save: async () => {},
    readings: async () =>
      [0, 1, 2].map((h) => ({
        feed: 'open-meteo' as const,
        site: '50.85,4.35',
        lat: 50.85,
        lon: 4.35,
        quantity: 'ta_c' as const,
        hourMs: hour - h * HOUR,
        value: 12,
      })),
    states: async () => [state],
    recordAttempt: async () => {},
    lease: async () => true,
    prune: async () => 0,
    census: async () => [],
    saveSites: async () => {},
  };
  const live = createLiveData({
    store,
    model: { setLiveInputs: async () => {} },
    feeds: [{ feed: 'open-meteo', root: 'http://127.0.0.1:9', pollMs: POLL_MS, normalLagMs: 0 }],
    clock: () => NOW,
  });
  const hours = { fromMs: hour - 2 * HOUR, toMs: hour };
  // asked before the first values reached the model: it computes on the synthetic weather
  const before = live.snapshot();
  await live.refresh();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const meteorology = (sources: ReturnType<typeof live.realtimeSources>) =>
    sources.find((s) => s.id === 'open-meteo')?.status;
  assert.equal(meteorology(live.realtimeSources(hours)), 'fresh', 'now the model has them');
  assert.equal(
    meteorology(before.realtimeSources(hours)),
    'fallback',
    'the earlier answer says what it stood on',
  );
});
