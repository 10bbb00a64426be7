import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CLI_ENTRY, SERVER_ENTRY } from '../helpers/built-service.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * WORKERS=2: a real `npm start` process (the built server) that forks two HTTP processes on one
 * port. Rate windows and daily report quotas are exact across them, one process's model results
 * serve the other through the durable cache, METRICS_PORT sums both, a killed worker is
 * replaced, and SIGTERM drains them all to exit 0.
 */
const repo = new URL('../..', import.meta.url).pathname;
let primary: ChildProcess;
let dataDir: string;
let api: string;
let metrics: string;
const listening: number[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-cluster-'));
  const [port, metricsPort] = [await freePort(), await freePort()];
  api = `http://127.0.0.1:${port}`;
  metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  primary = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: repo,
    env: {
      ...process.env,
      WORKERS: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      MODEL_DIR: SHARED_MODEL_DIR,
      MODEL_WORKERS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  primary.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('HTTP worker listening')) continue;
      listening.push((JSON.parse(line) as { pid: number }).pid);
    }
  });
  await until(() => listening.length >= 2, { timeoutMs: 240_000, intervalMs: 200, what: 'two HTTP workers' });
});

after(() => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function createKey(ratePerMin: number, extra: string[] = []): string {
  const out = execFileSync(
    process.execPath,
    [
      CLI_ENTRY,
      'keys',
      'create',
      '--label',
      'cluster',
      '--type',
      'sk',
      '--rate-per-min',
      String(ratePerMin),
      ...extra,
    ],
    { cwd: repo, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  return (JSON.parse(out.trim().split('\n').at(-1) as string) as { key: string }).key;
}

const MINUTE_MS = 60_000;

/**
 * The 60 requests of `burst`, all within one clock minute: a window is a clock minute, so a
 * burst that crosses into the next one rightly gets a second window (on a slow machine the
 * burst takes seconds). It starts early in a minute, and is asked again with a new key if
 * it still crossed.
 */
async function statusesWithinOneMinute(burst: (key: string) => Promise<number[]>): Promise<number[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const key = createKey(30);
    const intoMinute = Date.now() % MINUTE_MS;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, MINUTE_MS - intoMinute + 50));
    const minute = Math.floor(Date.now() / MINUTE_MS);
    const statuses = await burst(key);
    if (Math.floor(Date.now() / MINUTE_MS) === minute) return statuses;
  }
  throw new Error('three bursts of 60 requests each crossed a minute boundary');
}

test('two processes serve one port and a key gets exactly its minute window across them', async () => {
  assert.equal(new Set(listening).size, 2);
  // many connections at once: the kernel spreads them over both processes
  const statuses = await statusesWithinOneMinute((key) =>
    Promise.all(
      Array.from({ length: 60 }, () =>
        fetch(`${api}/v1/key`, { headers: { 'x-api-key': key, connection: 'close' } }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    ),
  );
  assert.equal(statuses.filter((s) => s === 200).length, 30);
  assert.equal(statuses.filter((s) => s === 429).length, 30);
});

test("a key's daily report quota is exact across both processes, and every accepted report completes", async () => {
  const key = createKey(1_000, ['--reports-per-day', '4']);
  // the ten posts on one UTC day: the quota resets at midnight
  await awayFromUtcMidnight(60_000);
  // separate connections, so the kernel hands them to both processes; both count in the
  // one SQLite database under DATA_DIR
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${api}/v1/reports`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ lat: 50.4687, lon: 4.8625 }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
    ),
  );
  const accepted = answers.filter((a) => a.status === 202);
  const refused = answers.filter((a) => a.status === 429);
  assert.equal(accepted.length, 4);
  assert.equal(refused.length, 6);
  for (const answer of refused) assert.equal(answer.body.code, 'quota_exceeded');
  const statusUrls = accepted.map((a) => (a.body.links as { status: string }).status);
  await until(
    async () => {
      const states = await Promise.all(
        statusUrls.map(async (url) => {
          const response = await fetch(`${api}${url}`, { headers: { 'x-api-key': key } });
          return ((await response.json()) as { status: string }).status;
        }),
      );
      assert.ok(!states.includes('failed'), `a report failed: ${states.join(', ')}`);
      return states.every((state) => state === 'completed');
    },
    { timeoutMs: 120_000, intervalMs: 500, what: 'the four accepted reports to complete' },
  );
});

test('a real-time answer computed by one process is a cache hit in the other', async () => {
  const key = createKey(1_000);
  // a place nobody asked before; each request on a new connection, which the primary
  // hands to the processes in turn, so the later ones reach the process that did not compute it
  // (no agent: fetch's pool could send one of them on a kept-alive socket of an earlier
  // test, which the server may close as the request goes out: "fetch failed" was seen)
  const url = `${api}/v1/realtime?lat=50.8412&lon=4.3601`;
  const statuses: string[] = [];
  for (let i = 0; i < 8; i++) {
    const { status, cache } = await new Promise<{ status: number; cache: string }>((resolve, reject) => {
      http
        .get(url, { agent: false, headers: { 'x-api-key': key } }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, cache: String(response.headers['x-cache'] ?? '') }),
          );
        })
        .on('error', reject);
    });
    assert.equal(status, 200);
    statuses.push(cache);
  }
  assert.deepEqual(statuses, ['miss', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit']);
});

test('while the primary does not answer, a keyed request gets a fast 503; once it answers again, 200', async () => {
  const key = createKey(1_000);
  // one kept-alive connection, already handed to a worker: the primary (which accepts new
  // connections) is not needed to reach it, only to count the request's rate window
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<{ status: number; type: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      http
        .get(`${api}/v1/key`, { agent, headers: { 'x-api-key': key } }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type']),
              ms: performance.now() - started,
            }),
          );
        })
        .on('error', reject);
    });
  try {
    assert.equal((await ask()).status, 200);
    process.kill(primary.pid!, 'SIGSTOP');
    try {
      const stalled = await ask();
      assert.equal(stalled.status, 503);
      assert.match(stalled.type, /application\/problem\+json/);
      assert.ok(stalled.ms < 5_000, `answered in ${stalled.ms} ms`);
    } finally {
      process.kill(primary.pid!, 'SIGCONT');
    }
    assert.equal((await ask()).status, 200);
  } finally {
    agent.destroy();
  }
});

test('METRICS_PORT serves the sum of both processes, and the API port does not serve it', async () => {
  const before = await (await fetch(metrics)).text();
  const count = (text: string) =>
    Number(
      /^svc_http_requests_total\{route="\/v1\/scales",method="GET",status="200"\} (\d+)/m.exec(text)?.[1] ??
        0,
    );
  await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(`${api}/v1/scales`, { headers: { connection: 'close' } }).then((r) => r.arrayBuffer()),
    ),
  );
  const afterText = await (await fetch(metrics)).text();
  assert.equal(count(afterText) - count(before), 20);
  assert.equal((await fetch(`${api}/metrics`)).status, 404);
});

test('a killed HTTP process is replaced and the port keeps answering', async () => {
  const victim = listening[0] as number;
  process.kill(victim, 'SIGKILL');
  await until(() => listening.length >= 3, {
    timeoutMs: 120_000,
    intervalMs: 200,
    what: 'a replacement worker',
  });
  for (let i = 0; i < 10; i++) assert.equal((await fetch(`${api}/v1/health`)).status, 200);
});

test('SIGTERM to the primary drains every process and exits 0', async () => {
  const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
  primary.kill('SIGTERM');
  assert.equal(await exited, 0);
  for (const pid of listening.slice(1)) assert.throws(() => process.kill(pid, 0));
});
