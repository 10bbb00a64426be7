import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createIrcelClient } from '../src/adapters/feeds/ircel.ts';
import { createOpenMeteoAirQualityClient, createOpenMeteoClient } from '../src/adapters/feeds/open-meteo.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { createFeedStore } from '../src/adapters/store/feed-store.ts';
import type { LiveInputs } from '../src/domain/live/live-inputs.ts';
import { createLiveData } from '../src/services/live/live-data.ts';
import { createFeedPoller } from '../src/services/live/poller.ts';
import { mainThreadMs, startStallSampler } from '../test/helpers/event-loop-stall.ts';
import { openMeteoAirQuality, openMeteoForecast } from '../test/helpers/fed-series.ts';
import { startFeedReplay } from '../test/helpers/feed-replay.ts';
import { figure, NOISE } from './figures.ts';

/**
 * Issue #37 item 5: how long one poll of every feed holds the event loop. IRCEL at its
 * real size (110 stations, ~260 NO2/PM/O3 series, the 36-hour look-back: ~10,000 values,
 * a 400 kB body) and both Open-Meteo feeds at three points, from a local replay server;
 * polled, stored in SQLite (which answers synchronously), read back and handed to a
 * worker thread as the model's input (a structured clone, as the pool's broadcast), while
 * the loop is sampled (test/helpers/event-loop-stall.ts: the time the machine kept this
 * thread waiting for a core is left out). Run with `--single-threaded-gc` (the test and
 * `npm run bench` do), so that a collection counts as the CPU time it takes on this
 * thread, not as its helpers' wait for a core on a busy machine; `--max-semi-space-size=8`
 * as `npm start`. The first poll of a process compiles its code paths: printed apart.
 * Prints `FEED_POLL_STALLS <json>`, `FEED_POLL_BLOCKS <json>` (the longest CPU time the loop
 * spent between two turns) and `FEED_POLL_MAIN_MS <json>` (the main thread's CPU time over
 * each round, its longest block included), which the test reads, and a BENCH row.
 */
const HOUR = 3_600_000;
const POLL_PHENOMENA = ['8', '5', '6001', '7'];
const ROUNDS = 5;

function ircelBodies(nowMs: number): { stations: Buffer; data: Buffer } {
  const stations: unknown[] = [];
  const series: string[] = [];
  let id = 1000;
  for (let s = 0; s < 110; s++) {
    const timeseries: Record<string, unknown> = {};
    for (const phenomenon of [...POLL_PHENOMENA, '38', '1', '391']) {
      // most stations measure some of the pollutants, not all
      if ((s * 7 + Number(phenomenon)) % 5 === 0) continue;
      const key = String(id++);
      timeseries[key] = {
        phenomenon: { id: phenomenon, label: 'x' },
        category: { id: phenomenon, label: 'x' },
      };
      if (POLL_PHENOMENA.includes(phenomenon)) series.push(key);
    }
    stations.push({
      properties: { id: s, label: `41X${String(s).padStart(3, '0')} - Station ${s}`, timeseries },
      geometry: {
        coordinates: [2.6 + (s % 11) * 0.33, 49.6 + Math.floor(s / 11) * 0.17, 'NaN'],
        type: 'Point',
      },
      type: 'Feature',
    });
  }
  const end = Math.floor(nowMs / HOUR) * HOUR;
  const data: Record<string, { values: Array<{ timestamp: number; value: number }> }> = {};
  series.forEach((key, k) => {
    data[key] = {
      values: Array.from({ length: 37 }, (_, i) => ({
        timestamp: end - (36 - i) * HOUR,
        value: Math.round(((k * 31 + i * 17) % 800) + 5) / 10,
      })),
    };
  });
  return { stations: Buffer.from(JSON.stringify(stations)), data: Buffer.from(JSON.stringify(data)) };
}

const replay = await startFeedReplay();
const bodies = ircelBodies(Date.now());
replay.on('/sos/api/v1/stations', { body: bodies.stations });
replay.on('/sos/api/v1/timeseries/getData', { body: bodies.data });
replay.on('/v1/forecast', openMeteoForecast);
replay.on('/v1/air-quality', openMeteoAirQuality);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-poll-loop-'));
try {
  const database = await openDatabase({ dataDir });
  // the model's threads take the input as the pool's broadcast does: a structured clone
  const thread = new Worker(
    'require("node:worker_threads").parentPort.on("message", (m) => require("node:worker_threads").parentPort.postMessage(m.version))',
    { eval: true },
  );
  try {
    const store = createFeedStore(database.db);
    const clients = [
      createIrcelClient({ root: `${replay.url}/sos/api/v1` }),
      createOpenMeteoClient({ host: replay.url }),
      createOpenMeteoAirQualityClient({ host: replay.url }),
    ];
    let handed = 0;
    const live = createLiveData({
      store,
      model: {
        setLiveInputs: (inputs: LiveInputs) =>
          new Promise<void>((resolve) => {
            thread.once('message', () => {
              handed++;
              resolve();
            });
            thread.postMessage(inputs);
          }),
      },
      feeds: clients.map((c) => ({
        feed: c.feed,
        root: c.root,
        pollMs: 600_000,
        normalLagMs: c.normalLagMs,
      })),
      refreshMs: 3_600_000,
    });
    const poller = createFeedPoller({
      store,
      clients,
      points: () => [
        { lat: 50.5, lon: 4.47 },
        { lat: 50.846, lon: 4.352 },
        { lat: 50.41, lon: 4.44 },
      ],
      log: {
        warn: (_fields, message) => {
          throw new Error(message);
        },
      },
    });
    const stalls: number[] = [];
    const blocks: number[] = [];
    const mainMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sampler = startStallSampler();
      const mainBefore = mainThreadMs();
      await new Promise((resolve) => setTimeout(resolve, 30));
      sampler.takeLongest();
      const outcomes = await poller.pollAll();
      if (outcomes.some((o) => o.outcome !== 'ok') || outcomes[0]!.stored < 9_000)
        throw new Error(`polls: ${JSON.stringify(outcomes)}`);
      await live.refresh();
      // the hand-over to the thread, and a few turns after it
      await new Promise((resolve) => setTimeout(resolve, 100));
      const longest = sampler.take();
      stalls.push(longest.stallMs);
      blocks.push(longest.blockMs);
      mainMs.push(mainThreadMs() - mainBefore);
      sampler.stop();
    }
    if (handed === 0) throw new Error('the model never took the values');
    const steady = Math.max(...stalls.slice(1));
    console.log(`FEED_POLL_STALLS ${JSON.stringify(stalls)}`);
    console.log(`FEED_POLL_BLOCKS ${JSON.stringify(blocks)}`);
    console.log(`FEED_POLL_MAIN_MS ${JSON.stringify(mainMs)}`);
    figure(
      'feed poll (every feed, ~10,000 values): longest event-loop block',
      `${steady.toFixed(1)} ms (first poll of the process ${stalls[0]!.toFixed(1)} ms)`,
      '≤ 20 ms',
      { measured: steady, target: 20, better: 'lower', band: NOISE.latency },
    );
  } finally {
    await thread.terminate();
    await database.close();
  }
} finally {
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
}
