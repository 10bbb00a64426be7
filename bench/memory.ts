import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { tileAt } from '../src/domain/map/mercator.ts';
import { figure, NOISE } from './figures.ts';
import { untilIdle } from './process-idle.ts';
import { createBenchKey, freePort, npmStart } from './start-command.ts';

/**
 * Resident memory of the embedded service (the built server, `npm start`'s process) after
 * 100,000 mixed requests and again after a second 100,000: real-time and forecast answers
 * over 300 places (cold, then cached), historical statistics over 60 places, each as a
 * point and as a 50 m radius (~30 cells, MBs of hourly columns while computed), map catalogs,
 * TileJSON and tiles, key and public routes, and a quarter of fuzz (malformed numbers,
 * swapped coordinates, unknown keys, forged signatures, unknown paths, oversized values).
 * Goal: ≤ 400 MB, and flat: the second 100,000 add no more than the noise band.
 */
const repo = resolve(new URL('..', import.meta.url).pathname);
const PER_BATCH = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);

execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: repo, stdio: 'inherit' });

const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-memory-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
  LOG_LEVEL: 'error',
  PORT: String(await freePort()),
  HOST: '127.0.0.1',
};
const secret = createBenchKey(repo, env);
const server: ChildProcess = spawn(process.execPath, npmStart(repo).args, {
  cwd: repo,
  env: { ...env, ...npmStart(repo).env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${env.PORT}`;
for (let waited = 0; ; waited += 200) {
  const up = await fetch(`${origin}/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (waited > 120_000) throw new Error('the server did not start');
  await new Promise((done) => setTimeout(done, 200));
}

// measured once its start-up work (warm-up, the compute threads' exercises) is over
await untilIdle(server.pid as number);

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

// a deterministic mix (same every run): a fixed pseudo-random sequence
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const place = (n: number) => {
  const i = Math.floor(random() * n);
  return `lat=${(50.838 + (i % 20) * 0.0009).toFixed(5)}&lon=${(4.34 + Math.floor(i / 20) * 0.0012).toFixed(5)}`;
};
const keyed = { 'x-api-key': secret };
const catalog = (await (await fetch(`${origin}/v1/map/brussels`, { headers: keyed })).json()) as {
  realtime: { layers: Record<string, { tilejson: string }> };
};
const tilejsons = Object.values(catalog.realtime.layers).map((layer) => layer.tilejson);
const tileTemplates: string[] = [];
for (const link of tilejsons) {
  const tj = (await (await fetch(`${origin}${link}`)).json()) as { tiles: string[] };
  tileTemplates.push(tj.tiles[0] as string);
}
const centre = tileAt(4.3575, 50.8467, 15);
type Request = { method: 'GET'; path: string; headers?: Record<string, string> };
const mix: Request[] = [];
for (let i = 0; i < 2000; i++) {
  const r = random();
  if (r < 0.25) mix.push({ method: 'GET', path: `/v1/realtime?${place(300)}`, headers: keyed });
  else if (r < 0.35) mix.push({ method: 'GET', path: `/v1/forecast?${place(300)}`, headers: keyed });
  else if (r < 0.4) {
    const radius = random() < 0.5 ? '&radius=50' : '';
    mix.push({ method: 'GET', path: `/v1/historical/stats?${place(60)}${radius}`, headers: keyed });
  } else if (r < 0.45) mix.push({ method: 'GET', path: '/v1/map/brussels', headers: keyed });
  else if (r < 0.55) {
    const template = tileTemplates[Math.floor(random() * tileTemplates.length)] as string;
    const x = centre.x - 4 + Math.floor(random() * 8);
    const y = centre.y - 4 + Math.floor(random() * 8);
    mix.push({ method: 'GET', path: template.replace('{z}/{x}/{y}', `15/${x}/${y}`) });
  } else if (r < 0.6) mix.push({ method: 'GET', path: '/v1/key', headers: keyed });
  else if (r < 0.75) mix.push({ method: 'GET', path: random() < 0.5 ? '/v1/health' : '/v1/scales' });
  else {
    const fuzz = [
      `/v1/realtime?lat=50,8467&lon=4.3525`,
      `/v1/realtime?lat=4.3525&lon=50.8467`,
      `/v1/historical/stats?lat=${'9'.repeat(400)}&lon=4.35`,
      `/v1/forecast?lat=50.8467&lon=4.3525&radius=-3`,
      `/v1/realtime?address=${'x'.repeat(300)}`,
      `/v1/map/brussels/tiles/air/1.json?key=k&exp=1&sig=${random().toString(36)}`,
      `/v1/nowhere/${random().toString(36)}`,
    ];
    const path = fuzz[Math.floor(random() * fuzz.length)] as string;
    mix.push({
      method: 'GET',
      path,
      headers: random() < 0.3 ? { 'x-api-key': `svc_sk_${random().toString(36).slice(2)}` } : keyed,
    });
  }
}

async function batch(): Promise<{ rps: number; rss: number }> {
  const result = await autocannon({ url: origin, connections: 16, amount: PER_BATCH, requests: mix });
  // let timers and lazy frees settle before reading the resident set
  await new Promise((done) => setTimeout(done, 2_000));
  return { rps: result.requests.average, rss: rssMb() };
}

const startRss = rssMb();
const first = await batch();
const second = await batch();
server.kill('SIGTERM');
await new Promise((done) => server.once('exit', done));
rmSync(dataDir, { recursive: true, force: true });

const growth = second.rss - first.rss;
console.log(
  `\nResident memory (built server, embedded): after start ${startRss.toFixed(0)} MB; after ${PER_BATCH.toLocaleString('en')} mixed requests ${first.rss.toFixed(0)} MB (${Math.round(first.rps)} req/s); after ${(2 * PER_BATCH).toLocaleString('en')} ${second.rss.toFixed(0)} MB (${Math.round(second.rps)} req/s)`,
);
figure(
  'RSS after 100,000 / 200,000 mixed requests (incl. fuzz)',
  `${first.rss.toFixed(0)} / ${second.rss.toFixed(0)} MB (after start ${startRss.toFixed(0)} MB)`,
  '≤ 400 MB',
  { measured: Math.max(first.rss, second.rss), target: 400, better: 'lower', band: NOISE.memory },
);
figure(
  'RSS growth over the second 100,000',
  `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB`,
  'flat (≤ 5 %)',
  {
    measured: second.rss / first.rss,
    target: 1,
    better: 'lower',
    band: NOISE.memory,
  },
);
