import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../src/adapters/store/database.ts';
import { createFeedStore } from '../src/adapters/store/feed-store.ts';
import { CLI_ENTRY } from '../test/helpers/built-service.ts';
import {
  ircelData,
  ircelStations,
  openMeteoAirQuality,
  openMeteoForecast,
} from '../test/helpers/fed-series.ts';
import { startFeedReplay } from '../test/helpers/feed-replay.ts';
import { freePort, startInstance, waitHealthy } from '../test/helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../test/helpers/service.ts';
import { figure, NOISE, percentile } from './figures.ts';

/**
 * Issue #50: a 31-day single-point `GET /v1/history` (745 hourly records, JSON) on the
 * built server, its feeds on the local stand-in (the real clock), sequential requests
 * over loopback, each a different point near the Grand-Place (nothing cached: history
 * is computed a day at a time on every request). The store holds the whole month, as
 * a month of polls leaves it: the stand-in's newest day of readings copied back a day at
 * a time, so each older day reads and screens its own readings. Goal: p95 ≤ 500 ms.
 */
const HOUR = 3_600_000;
const ROOT = new URL('../', import.meta.url).pathname;
const run = promisify(execFile);
const replay = await startFeedReplay();
replay.on('/sos/api/v1/stations', ircelStations);
replay.on('/sos/api/v1/timeseries/getData', ircelData);
replay.on('/v1/forecast', openMeteoForecast);
replay.on('/v1/air-quality', openMeteoAirQuality);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-history-'));
const env = {
  ...process.env,
  PORT: String(await freePort()),
  DATA_DIR: dataDir,
  MODEL_DIR: SHARED_MODEL_DIR,
  FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
  FEED_OPENMETEO_URL: replay.url,
  FEED_OPENMETEO_AQ_URL: replay.url,
  LOG_LEVEL: 'warn',
} as Record<string, string>;
const created = await run(
  process.execPath,
  [CLI_ENTRY, 'keys', 'create', '--label', 'bench', '--type', 'sk', '--rate-per-min', '100000000'],
  { cwd: ROOT, env },
);
const key = (JSON.parse(created.stdout) as { key: string }).key;
const server = startInstance('bench-history', env);

/** the newest stored day's readings, copied to each of the 31 days before it */
async function fillMonth(latest: number): Promise<void> {
  const opened = await openDatabase({ dataDir });
  try {
    const store = createFeedStore(opened.db);
    const day = await store.readings(latest - 23 * HOUR, latest);
    for (let k = 1; k <= 31; k++)
      await store.save(day.map((r) => ({ ...r, hourMs: r.hourMs - k * 24 * HOUR })));
    console.log(`stored ${day.length} readings a day over 31 days`);
  } finally {
    await opened.close();
  }
}
try {
  await waitHealthy(server, 120_000);
  const headers = { authorization: `Bearer ${key}` };
  const latest = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
  const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
  const range = `from=${iso(latest - 31 * 24 * HOUR)}&to=${iso(latest)}`;
  // the feeds polled once and the model holding them
  for (let i = 0; ; i++) {
    const answer = (await (
      await fetch(`${server.base}/v1/realtime?lat=50.8467&lon=4.3525`, { headers })
    ).json()) as {
      meta: { sources: Array<{ id: string; status: string }> };
    };
    if (answer.meta.sources.every((s) => s.status === 'fresh')) break;
    if (i > 240) throw new Error('the feeds never became fresh');
    await new Promise((r) => setTimeout(r, 500));
  }
  await fillMonth(latest);
  const samples: number[] = [];
  let records = 0;
  for (let i = 0; i < 23; i++) {
    const lat = (50.8425 + (i % 8) * 0.0007).toFixed(5);
    const lon = (4.3455 + Math.floor(i / 8) * 0.0011).toFixed(5);
    const start = performance.now();
    const response = await fetch(`${server.base}/v1/history?lat=${lat}&lon=${lon}&${range}`, { headers });
    const body = (await response.json()) as { hourly: unknown[] };
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`history: ${response.status} ${JSON.stringify(body)}`);
    records = body.hourly.length;
    // the first three warm the path's code
    if (i >= 3) samples.push(ms);
  }
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  console.log(`31-day history, ${records} records: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
  figure(
    '/v1/history, 31 days at one point',
    `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
    'p95 ≤ 500 ms',
    {
      measured: p95,
      target: 500,
      better: 'lower',
      band: NOISE.latency,
    },
  );
} finally {
  await server.stop();
  await replay.close();
  rmSync(dataDir, { recursive: true, force: true });
}
