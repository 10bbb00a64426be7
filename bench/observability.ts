import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { figure, median } from './figures.ts';
import { measureRps } from './http-throughput.ts';
import { createBenchKey, freePort } from './start-command.ts';

/**
 * What observability costs: `/v1/health` and `/v1/realtime` (cache hit) throughput of real
 * server processes with metrics and tracing off, with METRICS_PORT set, and with
 * OTEL_EXPORTER_OTLP_ENDPOINT set (spans exported to a sink in this process), all started
 * side by side and measured in interleaved rounds (the order rotating each round), so load
 * from elsewhere on the machine falls on every variant alike. The figure is the median over
 * rounds of each variant's ratio to `off` measured in the same round. BENCH_BASELINE_DIR=<checkout of an older
 * commit, with node_modules> adds that release as the `before` row.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = 2;
const repo = resolve(new URL('..', import.meta.url).pathname);
const modelDir = join(tmpdir(), 'svc-test-model-cache');

interface Variant {
  label: string;
  root: string;
  env: Record<string, string>;
  process?: ChildProcess;
  url?: string;
  key?: string;
  dataDir?: string;
  health: number;
  realtime: number;
  healthRatios: number[];
  realtimeRatios: number[];
}

// an OTLP/HTTP receiver that accepts and drops every export
const sink = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const variants: Variant[] = [
  {
    label: 'metrics and tracing off',
    root: repo,
    env: {},
    health: 0,
    realtime: 0,
    healthRatios: [],
    realtimeRatios: [],
  },
  {
    label: 'metrics on (METRICS_PORT)',
    root: repo,
    env: { METRICS_PORT: String(await freePort()) },
    health: 0,
    realtime: 0,
    healthRatios: [],
    realtimeRatios: [],
  },
  {
    label: 'tracing on (OTLP export)',
    root: repo,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl },
    health: 0,
    realtime: 0,
    healthRatios: [],
    realtimeRatios: [],
  },
];
if (process.env.BENCH_BASELINE_DIR) {
  variants.unshift({
    label: 'before (baseline)',
    root: resolve(process.env.BENCH_BASELINE_DIR),
    env: {},
    health: 0,
    realtime: 0,
    healthRatios: [],
    realtimeRatios: [],
  });
}

async function start(variant: Variant): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-obs-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    MODEL_DIR: modelDir,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    ...variant.env,
  };
  variant.key = createBenchKey(variant.root, env, ['--import', 'tsx', 'src/cli/main.ts']);
  variant.dataDir = dataDir;
  variant.process = spawn(process.execPath, ['--import', 'tsx', 'src/start/server.ts'], {
    cwd: variant.root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  variant.url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // four servers starting at once on a busy machine
  while (Date.now() < deadline) {
    const up = await fetch(`${variant.url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${variant.label}: the server did not start`);
}

process.on('exit', () => {
  for (const variant of variants) variant.process?.kill('SIGTERM');
});
try {
  await Promise.all(variants.map(start));
} catch (error) {
  for (const variant of variants) variant.process?.kill('SIGTERM');
  throw error;
}
const realtimePath = '/v1/realtime?lat=50.8467&lon=4.3525';
for (const variant of variants) {
  const headers = { 'x-api-key': variant.key as string };
  const first = await fetch(`${variant.url}${realtimePath}`, { headers });
  if (!first.ok) throw new Error(`${variant.label}: realtime answered ${first.status}`);
  // warm-up: JIT and caches
  await measureRps(`${variant.url}/v1/health`, {}, 1);
  await measureRps(`${variant.url}${realtimePath}`, headers, 1);
}
const off = variants.find((variant) => variant.label === 'metrics and tracing off') as Variant;
for (let round = 0; round < ROUNDS; round++) {
  const order = variants.map((_, i) => variants[(i + round) % variants.length] as Variant);
  const health = new Map<Variant, number>();
  const realtime = new Map<Variant, number>();
  for (const variant of order) health.set(variant, await measureRps(`${variant.url}/v1/health`, {}, SECONDS));
  for (const variant of order) {
    const headers = { 'x-api-key': variant.key as string };
    realtime.set(variant, await measureRps(`${variant.url}${realtimePath}`, headers, SECONDS));
  }
  for (const variant of variants) {
    variant.health = Math.max(variant.health, health.get(variant) as number);
    variant.realtime = Math.max(variant.realtime, realtime.get(variant) as number);
    variant.healthRatios.push((health.get(variant) as number) / (health.get(off) as number));
    variant.realtimeRatios.push((realtime.get(variant) as number) / (realtime.get(off) as number));
  }
}
console.log(
  `\nObservability cost (16 connections, loopback, ${ROUNDS} interleaved rounds × ${SECONDS} s; req/s: best; vs off: median of per-round ratios)`,
);
console.table(
  variants.map((variant) => ({
    variant: variant.label,
    'health req/s': Math.round(variant.health),
    'health vs off': median(variant.healthRatios).toFixed(3),
    'realtime req/s': Math.round(variant.realtime),
    'realtime vs off': median(variant.realtimeRatios).toFixed(3),
  })),
);
for (const variant of variants) {
  if (variant === off) continue;
  const rps = (v: Variant) =>
    `${Math.round(v.health).toLocaleString('en')} / ${Math.round(v.realtime).toLocaleString('en')} req/s`;
  if (variant.label.startsWith('before')) {
    // the question here is off against before, so the ratio is inverted
    figure(
      'observability: off vs before it existed, /v1/health / /v1/realtime cache hit (median of per-round ratios)',
      `${(1 / median(variant.healthRatios)).toFixed(2)} / ${(1 / median(variant.realtimeRatios)).toFixed(2)} (off ${rps(off)}; before ${rps(variant)})`,
      'within 3 %',
    );
    continue;
  }
  figure(
    `observability: ${variant.label} vs off, /v1/health / /v1/realtime cache hit (median of per-round ratios)`,
    `${median(variant.healthRatios).toFixed(2)} / ${median(variant.realtimeRatios).toFixed(2)} (${rps(variant)}; off ${rps(off)})`,
    'the cost of turning it on',
  );
}
for (const variant of variants) {
  variant.process?.kill('SIGTERM');
  await new Promise((done) => variant.process?.once('exit', done));
  if (variant.dataDir) rmSync(variant.dataDir, { recursive: true, force: true });
}
sink.close();
