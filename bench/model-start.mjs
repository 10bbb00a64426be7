// The model's later start as `npm start` runs it (compiled dist/, no TypeScript loader in
// the worker threads): load the domains from MODEL_DIR, start and warm 2 workers.
// node bench/model-start.mjs <model dir>   → prints the seconds as JSON
import { embeddedCitySpecs } from '../dist/src/adapters/cities/embedded.js';
import { loadEmbeddedCities } from '../dist/src/domain/coverage/embedded-cities.js';
import { createEmbeddedModel } from '../dist/src/model/embedded/index.js';

const cities = await embeddedCitySpecs(loadEmbeddedCities());
const started = performance.now();
const model = await createEmbeddedModel({ dataDir: process.argv[2], workers: 2, cities });
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
await model.close();
process.exit(0);
