import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedCitySpecs } from '../src/adapters/cities/embedded.ts';
import { CITIES as REGISTRY } from '../src/domain/coverage/cities.ts';
import { ModelEngine } from '../src/model/embedded/compute/engine.ts';
import { loadDomains } from '../src/model/embedded/index.ts';
import { MODEL_SEED, MODEL_VERSION } from '../src/model/embedded/version.ts';
import { markdown, validate } from './model-validation/table.ts';

/**
 * `npm run validate:model`: computes the model-vs-reference tables (issue #16) and
 * writes them into docs/model.md between the validation markers. DATA_DIR (or a temp
 * folder) holds the generated morphology.
 */
const START = '<!-- validation:start -->';
const END = '<!-- validation:end -->';

const dataDir = process.env.DATA_DIR ?? join(tmpdir(), `svc-model-validate-${MODEL_VERSION}`);
const engine = new ModelEngine(await loadDomains(dataDir, await embeddedCitySpecs(REGISTRY)), MODEL_SEED);
const table = markdown(validate(engine));
const path = new URL('../docs/model.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/model.md lacks the ${START} … ${END} markers`);
writeFileSync(path, `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`);
console.log(table);
