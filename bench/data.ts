import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runKeysCommand } from '../src/cli/commands/keys.ts';
import { parseConfig } from '../src/config.ts';
import { compose } from '../src/start/compose.ts';
import { figure } from './figures.ts';
import { bareServer, compareWithBare } from './http-throughput.ts';

/**
 * Data endpoints: cold historical statistics (a Brussels point, and radius 50), a cache
 * hit, and real-time cache-hit throughput against a bare Fastify route serving the same
 * bytes. Cold means a location never asked before in a fresh DATA_DIR, with the model's
 * morphology already generated and the city references computed (as on a running server).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-data-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  MODEL_DIR: join(tmpdir(), 'svc-test-model-cache'),
  LOG_LEVEL: 'silent',
});
const composition = await compose(config, { logger: false });
await composition.start();
const address = await composition.app.listen({ port: 0, host: '127.0.0.1' });
let secret = '';
await runKeysCommand(['create', '--label', 'bench', '--type', 'sk', '--rate-per-min', '100000000'], {
  keys: composition.keys,
  clock: Date.now,
  defaults: { ratePerMin: 60, reportsPerDay: 20 },
  out: (line) => {
    secret = (JSON.parse(line) as { key: string }).key;
  },
});
const headers = { 'x-api-key': secret };

async function timed(url: string): Promise<{ ms: number; cache: string | null }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - start, cache: response.headers.get('x-cache') };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// warm the references the statistics compare against (done at start-up on a server)
await timed(`${address}/v1/historical/stats?lat=50.8467&lon=4.3525`);

const rows: Array<Record<string, string | number>> = [];
for (const [label, radius, goal] of [
  ['cold historical, Brussels point', '', '< 300 ms'],
  ['cold historical, radius 50', '&radius=50', '< 300 ms'],
] as const) {
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    const lat = (50.8425 + i * 0.0007).toFixed(5);
    const lon = (4.3455 + (i % 5) * 0.0011 + (radius ? 0.0002 : 0)).toFixed(5);
    const { ms, cache } = await timed(`${address}/v1/historical/stats?lat=${lat}&lon=${lon}${radius}`);
    if (cache !== 'miss') throw new Error('expected a cold request');
    samples.push(ms);
  }
  rows.push({
    benchmark: label,
    p50: `${percentile(samples, 50).toFixed(0)} ms`,
    p95: `${percentile(samples, 95).toFixed(0)} ms`,
    goal,
  });
}
const hits: number[] = [];
for (let i = 0; i < 200; i++)
  hits.push((await timed(`${address}/v1/historical/stats?lat=50.8467&lon=4.3525`)).ms);
rows.push({
  benchmark: 'historical cache hit',
  p50: `${percentile(hits, 50).toFixed(2)} ms`,
  p95: `${percentile(hits, 95).toFixed(2)} ms`,
  goal: '< 5 ms',
});
console.log('\nHistorical statistics (sequential requests over loopback)');
console.table(rows);
for (const row of rows) figure(String(row.benchmark), `p50 ${row.p50}, p95 ${row.p95}`, String(row.goal));

const realtimeUrl = `${address}/v1/realtime?lat=50.8467&lon=4.3525`;
const sample = await fetch(realtimeUrl, { headers });
const bytes = Buffer.from(await sample.arrayBuffer());
const bare = await bareServer(bytes, String(sample.headers.get('content-type')));
const result = await compareWithBare('/v1/realtime (cache hit)', realtimeUrl, headers, bare.url);
await bare.close();
console.log('\nReal-time cache-hit throughput (16 connections, best of 2 × 4 s)');
console.table([
  {
    endpoint: result.label,
    'service req/s': Math.round(result.service),
    'bare req/s': Math.round(result.bare),
    ratio: result.ratio.toFixed(2),
    goal: '≥ 0.60',
  },
]);
figure('/v1/realtime cache hit vs bare route', result.ratio.toFixed(2), '≥ 0.60');
await composition.close();
rmSync(dataDir, { recursive: true, force: true });
