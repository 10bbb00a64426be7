import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { mixedRequests, tileTemplates } from '../test/helpers/mixed-requests.ts';
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

// the README's mixed load (test/helpers/mixed-requests.ts): the same sequence every run
const mix = mixedRequests({ secret, tileTemplates: await tileTemplates(origin, secret), count: 2000 });

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
