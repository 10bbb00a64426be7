import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { embeddedCitySpecs } from '../src/adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../src/adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../src/adapters/cities/national-climate.ts';
import { tileAt } from '../src/domain/map/mercator.ts';
import { createEmbeddedModel } from '../src/model/embedded/index.ts';
import type { MicroclimateModel } from '../src/model/microclimate-model.ts';
import { WARM_UP_LIMIT_MS } from '../src/start/compose.ts';
import { longestStall } from '../test/helpers/event-loop-stall.ts';
import { GridModel } from '../test/helpers/grid-model.ts';
import { startMapApp } from '../test/helpers/map-app.ts';
import { figure, NOISE, percentile } from './figures.ts';
import { compareWithBare, describeComparison } from './http-throughput.ts';
import { composeSilently, createKeyIn } from './service-in-process.ts';

/**
 * Map product benchmarks, over real HTTP on loopback:
 *   cold tile at z15 (cache miss: model window + squares + MVT encoding), p50 goal ≤ 20 ms;
 *   cached tile throughput against a bare Fastify route serving the same bytes, goal ≥ 0.7;
 *   cold catalog (skeleton cache miss), goal ≤ 10 ms;
 *   the event loop's longest gap while four cold z13 building tiles are cut, goal ≤ 50 ms.
 * Uses the embedded model (BENCH_MAP_MODEL=grid: the in-memory grid twin of the tests).
 */
async function model(): Promise<{ model: MicroclimateModel; name: string }> {
  if (process.env.BENCH_MAP_MODEL === 'grid') return { model: new GridModel(), name: 'grid twin' };
  // the embedded model on the shipped city packages, as the composition root builds it
  const cities = await embeddedCitySpecs(loadEmbeddedCities());
  return {
    model: await createEmbeddedModel({
      dataDir: join(tmpdir(), 'svc-test-model-cache'),
      cities,
      climate: loadNationalClimate(),
    }),
    name: 'embedded',
  };
}

/**
 * The first catalog after start, as an operator's server does it (server.ts: start,
 * wait for the warm-up, listen): on a fresh DATA_DIR, then after a restart on the same one.
 */
async function firstCatalogAfterStart(dataDir: string): Promise<{ ms: number; startMs: number }> {
  const t0 = performance.now();
  const composition = await composeSilently(dataDir);
  await composition.start();
  await composition.warmedUp(WARM_UP_LIMIT_MS);
  const origin = await composition.app.listen({ port: 0, host: '127.0.0.1' });
  const startMs = performance.now() - t0;
  const secret = await createKeyIn(composition, 'bench');
  const t1 = performance.now();
  const response = await fetch(`${origin}/v1/map/brussels`, { headers: { 'x-api-key': secret } });
  await response.arrayBuffer();
  const ms = performance.now() - t1;
  if (response.status !== 200) throw new Error(`first catalog: ${response.status}`);
  await composition.close();
  return { ms, startMs };
}
const startDir = mkdtempSync(join(tmpdir(), 'svc-bench-map-start-'));
const firstStart = await firstCatalogAfterStart(startDir);
const restart = await firstCatalogAfterStart(startDir);
rmSync(startDir, { recursive: true, force: true });

const { model: m, name } = await model();
let now = Date.now();
const svc = await startMapApp(m, { clock: () => now });
const origin = await svc.app.listen({ port: 0, host: '127.0.0.1' });
const key = await svc.createKey(['--rate-per-min', '1000000']);
const headers = { authorization: `Bearer ${key}` };

// cold catalog: the first assembly (it may wait for value ranges), then skeleton-cache
// misses one minute apart once the hour's ranges are known
const catalogMs: number[] = [];
type Catalog = {
  static: Record<string, { tilejson: string }>;
  realtime: { layers: Record<string, { tilejson: string }> };
  forecast: Array<{ layers: Record<string, { tilejson: string }> }>;
  range?: { thermal?: Record<string, unknown> };
};
let catalog: Catalog | undefined;
for (let i = 0; i < 11; i++) {
  const t0 = performance.now();
  const response = await fetch(`${origin}/v1/map/brussels`, { headers });
  const body = (await response.json()) as Catalog;
  catalogMs.push(performance.now() - t0);
  if (response.headers.get('x-cache') !== 'miss') throw new Error('expected a catalog miss');
  catalog ??= body;
  now += 61_000;
  // let the background range computation of the hour finish before timing the misses
  if (i === 0) await new Promise((resolve) => setTimeout(resolve, 20_000));
}
now -= 11 * 61_000;
const firstCatalog = catalogMs[0]!;
const warmMisses = catalogMs.slice(1);

// cold tiles at z15 over the Brussels zone, each address once, across the three layers and steps
const templates: string[] = [];
for (const step of [catalog!.realtime, ...catalog!.forecast.slice(0, 3)]) {
  for (const link of Object.values(step.layers)) {
    const tj = (await (await fetch(`${origin}${link.tilejson}`)).json()) as { tiles: string[] };
    templates.push(tj.tiles[0]!);
  }
}
const centre = tileAt(4.3575, 50.8467, 15);
const tileMs: number[] = [];
for (const template of templates) {
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const url = `${origin}${template.replace('{z}/{x}/{y}', `15/${centre.x + dx}/${centre.y + dy}`)}`;
      const t0 = performance.now();
      const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      await response.arrayBuffer();
      tileMs.push(performance.now() - t0);
    }
  }
}

// the event loop while four cold z13 building tiles (~20,000 footprints each) are cut at once,
// as a map client opening a view at z13 asks for them
const buildingsTemplate = (
  (await (await fetch(`${origin}${catalog!.static.buildings!.tilejson}`)).json()) as { tiles: string[] }
).tiles[0]!;
const z13 = tileAt(4.3525, 50.8467, 13);
const buildingTiles = await longestStall(() =>
  Promise.all(
    [0, 1].flatMap((dx) =>
      [0, 1].map(async (dy) => {
        const path = buildingsTemplate.replace('{z}/{x}/{y}', `13/${z13.x - dx}/${z13.y - dy}`);
        const t0 = performance.now();
        const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`buildings tile: ${response.status}`);
        return performance.now() - t0;
      }),
    ),
  ),
);
const buildingTilesMs = Math.max(...buildingTiles.result);

// cached tile throughput, gzip as a browser asks for it, against a bare route sending the same gzip bytes
const hot = `${origin}${templates[0]!.replace('{z}/{x}/{y}', `15/${centre.x}/${centre.y}`)}`;
const throughput = await compareWithBare('cached z15 tile', hot, { 'accept-encoding': 'gzip' });
const tileP50 = percentile(tileMs, 50);
const latest = percentile(warmMisses, 50);

console.log(`\nMap benchmarks (model: ${name}; loopback HTTP)`);
console.log(
  `cold tile z15: p50 ${tileP50.toFixed(1)} ms, p95 ${percentile(tileMs, 95).toFixed(1)} ms (n=${tileMs.length})`,
);
console.log(`cached tile: ${describeComparison(throughput)}`);
console.log(
  `cold z13 building tiles, 4 at once: all in ${buildingTilesMs.toFixed(0)} ms, the event loop's longest gap ${buildingTiles.stallMs.toFixed(0)} ms`,
);
console.log(
  `cold catalog: first without warm-up ${firstCatalog.toFixed(1)} ms; later misses p50 ${latest.toFixed(1)} ms`,
);
console.log(
  `first catalog after start (fresh DATA_DIR / restart): ${firstStart.ms.toFixed(1)} / ${restart.ms.toFixed(1)} ms (listening after ${(firstStart.startMs / 1000).toFixed(1)} / ${(restart.startMs / 1000).toFixed(1)} s)`,
);
figure('cold tile z15', `p50 ${tileP50.toFixed(1)} ms`, 'p50 ≤ 20 ms', {
  measured: tileP50,
  target: 20,
  better: 'lower',
  band: NOISE.latency,
});
figure(
  "event loop's longest gap, 4 cold z13 building tiles at once",
  `${buildingTiles.stallMs.toFixed(0)} ms (all four in ${buildingTilesMs.toFixed(0)} ms)`,
  '≤ 50 ms',
  { measured: buildingTiles.stallMs, target: 50, better: 'lower', band: NOISE.latency },
);
figure('cached tile vs bare route (gzip)', describeComparison(throughput), '≥ 0.90', {
  measured: throughput.medianRatio,
  target: 0.9,
  better: 'higher',
  band: NOISE.ratio,
});
figure('cold catalog, later misses p50', `${latest.toFixed(1)} ms`, '≤ 10 ms', {
  measured: latest,
  target: 10,
  better: 'lower',
  band: NOISE.latency,
});
figure(
  'first map catalog after start (fresh DATA_DIR / restart)',
  `${firstStart.ms.toFixed(0)} / ${restart.ms.toFixed(0)} ms; listening after ${(firstStart.startMs / 1000).toFixed(1)} / ${(restart.startMs / 1000).toFixed(1)} s`,
  '≤ 150 ms',
  { measured: Math.max(firstStart.ms, restart.ms), target: 150, better: 'lower', band: NOISE.latency },
);
await svc.close();
await m.close();
