// The model's later start as `npm start` runs it (compiled dist/, no TypeScript loader in
// the worker threads): load the domains from MODEL_DIR, start and warm 2 workers. With
// --loaded, then the model bench's work (reference years of single cells and 50 m radii,
// tile windows, a layer range) and the process's resident set with everything loaded.
// node [npm start's flags] bench/model-start.mjs <model dir> [--loaded]   → JSON
import { embeddedCitySpecs } from '../dist/src/adapters/cities/embedded.js';
import { loadEmbeddedCities } from '../dist/src/adapters/cities/embedded-packages.js';
import { createEmbeddedModel } from '../dist/src/model/embedded/index.js';
import { BENCH_POINTS, BENCH_RANGE_HOURS, BENCH_TILE_WINDOWS } from './model-workload.mjs';

const cities = await embeddedCitySpecs(loadEmbeddedCities());
const started = performance.now();
const model = await createEmbeddedModel({ dataDir: process.argv[2], workers: 2, cities });
const seconds = (performance.now() - started) / 1000;
let rssMb;
if (process.argv[3] === '--loaded') {
  for (const [lat, lon] of BENCH_POINTS) {
    const cell = model.outdoorCellsWithin('brussels', lat, lon, 30)[0];
    if (cell !== undefined) await model.series('brussels', [cell], { kind: 'reference' });
    await model.series('brussels', model.outdoorCellsWithin('brussels', lat, lon, 50), { kind: 'reference' });
  }
  for (const { layer, hour, window } of BENCH_TILE_WINDOWS)
    await model.layerWindow('brussels', layer, hour, window);
  await model.layerRanges('brussels', ['thermal'], BENCH_RANGE_HOURS);
  rssMb = process.memoryUsage().rss / 1e6;
}
console.log(JSON.stringify({ seconds, rssMb }));
await model.close();
process.exit(0);
