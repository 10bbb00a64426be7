// The model's later start as `npm start` runs it (compiled dist/, no TypeScript loader in
// the worker threads): load the domains from MODEL_DIR, start and warm 2 workers. With
// --loaded, then the model bench's work (reference years of single cells and 50 m radii,
// tile windows, a layer range) and the process's resident set with everything loaded.
// node [npm start's flags] bench/model-start.mjs <model dir> [--loaded]   → JSON
import { embeddedCitySpecs } from '../dist/src/adapters/cities/embedded.js';
import { loadEmbeddedCities } from '../dist/src/domain/coverage/embedded-cities.js';
import { createEmbeddedModel } from '../dist/src/model/embedded/index.js';

const cities = await embeddedCitySpecs(loadEmbeddedCities());
const started = performance.now();
const model = await createEmbeddedModel({ dataDir: process.argv[2], workers: 2, cities });
const seconds = (performance.now() - started) / 1000;
let rssMb;
if (process.argv[3] === '--loaded') {
  for (let k = 0; k < 9; k++) {
    const [lat, lon] = [50.838 + 0.003 * k, 4.34 + 0.005 * k];
    const cell = model.outdoorCellsWithin('brussels', lat, lon, 30)[0];
    if (cell !== undefined) await model.series('brussels', [cell], { kind: 'reference' });
    await model.series('brussels', model.outdoorCellsWithin('brussels', lat, lon, 50), { kind: 'reference' });
  }
  const span = 360 / 2 ** 16;
  for (let k = 0; k < 12; k++) {
    const west = 4.335 + (k % 4) * span;
    const north = 50.855 - Math.floor(k / 4) * span * 0.63;
    const window = { west, east: west + span, north, south: north - span * 0.63 };
    const layer = ['thermal', 'wind', 'air'][k % 3];
    await model.layerWindow('brussels', layer, { hourMs: Date.UTC(2025, 6, 11, 13) }, window);
  }
  const hours = Array.from({ length: 8 }, (_, k) => ({ hourMs: Date.UTC(2025, 6, 11, 6 + 2 * k) }));
  await model.layerRange('brussels', 'thermal', hours);
  rssMb = process.memoryUsage().rss / 1e6;
}
console.log(JSON.stringify({ seconds, rssMb }));
await model.close();
process.exit(0);
