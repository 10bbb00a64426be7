import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedCitySpecs } from '../src/adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../src/adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../src/adapters/cities/national-climate.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { createReferenceStore } from '../src/adapters/store/reference-store.ts';
import { NO_REFERENCE_YEARS, referenceYearsOf } from '../src/domain/live/reference-year.ts';
import { ModelEngine } from '../src/model/embedded/compute/engine.ts';
import { loadDomains } from '../src/model/embedded/index.ts';
import { MODEL_SEED, MODEL_VERSION } from '../src/model/embedded/version.ts';
import { backfilledMarkdown, backfilledRows } from './model-validation/backfilled.ts';
import { screeningMarkdown } from './model-validation/screening.ts';
import { stationRows, stationsMarkdown } from './model-validation/stations.ts';
import { markdown, validate } from './model-validation/table.ts';
import { tailMarkdown, tailRows } from './model-validation/tail.ts';

/**
 * `npm run validate:model`: computes the model-vs-reference tables (issue #16) and
 * writes them into docs/model.md between the validation markers. DATA_DIR (or a temp
 * folder) holds the generated morphology. When the service's database (DATA_DIR or
 * DATABASE_URL) holds backfilled reference years (`svc feeds backfill`), a table
 * against the backfilled year follows; then the hourly tail at the hyper-local sites and
 * what the screening of each weather file flagged and filled (issue #46).
 */
const START = '<!-- validation:start -->';
const END = '<!-- validation:end -->';

const dataDir = process.env.DATA_DIR ?? join(tmpdir(), `svc-model-validate-${MODEL_VERSION}`);
const domains = await loadDomains(
  dataDir,
  await embeddedCitySpecs(loadEmbeddedCities()),
  loadNationalClimate(),
);
const engine = new ModelEngine(domains, MODEL_SEED);
const backfilled = backfilledRows(engine, await backfilledYears());
const table = [
  markdown(validate(engine), backfilled),
  backfilledMarkdown(backfilled),
  stationsMarkdown(stationRows(engine)),
  tailMarkdown(tailRows(engine)),
  screeningMarkdown(domains),
].join('');
const path = new URL('../docs/model.md', import.meta.url);
const doc = readFileSync(path, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/model.md lacks the ${START} … ${END} markers`);
writeFileSync(path, `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`);
console.log(table);

/** the backfilled reference years of the service's database, when there is one */
async function backfilledYears() {
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL) return NO_REFERENCE_YEARS;
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  try {
    const store = createReferenceStore(database.db);
    const years = [];
    for (const active of await store.active()) {
      const year = await store.load(active.domain);
      if (year) years.push(year);
    }
    return referenceYearsOf(years);
  } finally {
    await database.close();
  }
}
