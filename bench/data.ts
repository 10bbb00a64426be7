import { figure, NOISE, percentile } from './figures.ts';
import { compareWithBare, describeComparison } from './http-throughput.ts';
import { serviceInProcess } from './service-in-process.ts';

/**
 * Data endpoints: cold historical statistics (a Brussels point, and radius 50), a cache
 * hit, and real-time cache-hit throughput against a bare Fastify route serving the same
 * bytes. Cold means a location never asked before in a fresh DATA_DIR, with the model's
 * morphology already generated and the city references computed (as on a running server).
 */
const service = await serviceInProcess('bench-data');
const { address, secret } = service;
const headers = { 'x-api-key': secret };

async function timed(url: string): Promise<{ ms: number; cache: string | null }> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - start, cache: response.headers.get('x-cache') };
}

// warm the references the statistics compare against (done at start-up on a server)
await timed(`${address}/v1/historical/stats?lat=50.8467&lon=4.3525`);

// The client (this process's fetch) and the keyed path, warmed as on a server in use, so
// that a cold row measures the location's computation rather than the first fetches'
// compilation (docs/history/performance-2026-11-28.md, "The cold path run once at start", has the
// figures). The locations measured are still never asked.
for (let i = 0; i < 200; i++) await (await fetch(`${address}/v1/key`, { headers })).arrayBuffer();

console.log('\nHistorical statistics (sequential requests over loopback)');
for (const [label, radius, goalMs] of [
  ['cold historical, Brussels point', '', 10],
  ['cold historical, radius 50', '&radius=50', 60],
] as const) {
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    const lat = (50.8425 + i * 0.0007).toFixed(5);
    const lon = (4.3455 + (i % 5) * 0.0011 + (radius ? 0.0002 : 0)).toFixed(5);
    const { ms, cache } = await timed(`${address}/v1/historical/stats?lat=${lat}&lon=${lon}${radius}`);
    if (cache !== 'miss') throw new Error('expected a cold request');
    samples.push(ms);
  }
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  console.log(`${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  const value = `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`;
  figure(label, value, `p50 ≤ ${goalMs} ms`, {
    measured: p50,
    target: goalMs,
    better: 'lower',
    band: NOISE.latency,
  });
  figure(`${label}: p95 / p50`, (p95 / p50).toFixed(1), '≤ 3', {
    measured: p95 / p50,
    target: 3,
    better: 'lower',
    band: NOISE.latency,
  });
}
const hits: number[] = [];
for (let i = 0; i < 200; i++)
  hits.push((await timed(`${address}/v1/historical/stats?lat=50.8467&lon=4.3525`)).ms);
figure(
  'historical cache hit',
  `p50 ${percentile(hits, 50).toFixed(2)} ms, p95 ${percentile(hits, 95).toFixed(2)} ms`,
  'p50 < 5 ms',
  { measured: percentile(hits, 50), target: 5, better: 'lower', band: NOISE.latency },
);

// cache hits and the keyed request path, each against a bare route sending the same bytes and headers
console.log('\nKeyed throughput (16 connections, loopback, 3 interleaved rounds × 4 s)');
for (const [label, path, goal] of [
  ['/v1/realtime cache hit', '/v1/realtime?lat=50.8467&lon=4.3525', 0.85],
  ['/v1/forecast cache hit', '/v1/forecast?lat=50.8467&lon=4.3525', 0.85],
  ['/v1/key (auth, rate window, headers)', '/v1/key', 0.8],
] as const) {
  const result = await compareWithBare(label, `${address}${path}`, headers);
  console.log(`${label}: ${describeComparison(result)}`);
  figure(`${label} vs bare route`, describeComparison(result), `≥ ${goal.toFixed(2)}`, {
    measured: result.medianRatio,
    target: goal,
    better: 'higher',
    band: NOISE.ratio,
  });
}
await service.close();
