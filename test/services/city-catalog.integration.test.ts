import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { packageRevision, readPackageDir } from '../../src/adapters/cities/package-dir.ts';
import { createCityPackageStore } from '../../src/adapters/cities/package-store.ts';
import { citySources } from '../../src/adapters/cities/sources.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { CITIES, findCity, replaceCities } from '../../src/domain/coverage/cities.ts';
import { loadEmbeddedCities } from '../../src/domain/coverage/embedded-cities.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import type { MicroclimateModel } from '../../src/model/port.ts';
import { type CityWatcher, loadCities, watchCities } from '../../src/services/city-catalog.ts';
import { createTempPostgres } from '../helpers/postgres.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';
import { POINTS, writeTownPackage } from '../helpers/town.ts';

/**
 * Scale-out: imported packages live in PostgreSQL; an instance watching the table loads
 * a new city into its model and registry, and drops it again, without a restart.
 */
let pg: { url: string; drop(): Promise<void> };
let database: OpenedDatabase;
let model: MicroclimateModel;
let watcher: CityWatcher;
let dir: string;

before(async () => {
  pg = await createTempPostgres();
  database = await openDatabase({ dataDir: tmpdir(), databaseUrl: pg.url });
  dir = mkdtempSync(join(tmpdir(), 'svc-watch-'));
  writeTownPackage(dir);
  const embedded = loadEmbeddedCities();
  const sources = citySources(database.db, embedded, await embeddedCitySpecs(embedded));
  const initial = await loadCities(sources);
  replaceCities(initial.definitions);
  model = await createEmbeddedModel({ dataDir: SHARED_MODEL_DIR, workers: 1, cities: initial.specs });
  // a long interval: the test drives the polls itself
  watcher = watchCities(sources, model, initial, 60_000);
});
after(async () => {
  watcher?.close();
  await model?.close();
  await database?.close();
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
  replaceCities(loadEmbeddedCities());
});

describe('cities in PostgreSQL, watched by a running instance', () => {
  test('stores the package whole and lists it without its files', async () => {
    const store = createCityPackageStore(database.db);
    const files = await readPackageDir(dir);
    await store.put('leuven', packageRevision(files), files, Date.UTC(2026, 0, 1));
    const [row] = await store.list();
    assert.equal(row?.id, 'leuven');
    assert.equal(row?.importedAt, Date.UTC(2026, 0, 1));
    assert.deepEqual(await store.files('leuven', row!.revision), files);
    assert.equal(await store.files('leuven', 'another-revision'), null);
  });

  test('loads the new city into the model and the registry at the next poll', async () => {
    const before = model.version;
    assert.equal(await watcher.refresh(), true);
    assert.ok(findCity('leuven'));
    assert.ok(model.domains().some((d) => d.id === 'leuven'));
    assert.notEqual(model.version, before, 'downstream caches see new keys');
    const cell = model.locate('leuven', POINTS.tower.lat, POINTS.tower.lon);
    assert.equal(cell?.isBuilding, true);
    const [series] = await model.series(
      'leuven',
      model.outdoorCellsWithin('leuven', POINTS.park.lat, POINTS.park.lon, 15),
      {
        kind: 'observed',
        fromMs: Date.UTC(2026, 0, 5, 6),
        toMs: Date.UTC(2026, 0, 5, 8),
      },
    );
    assert.ok(series && Number.isFinite(series.no2[0]!));
    assert.equal(await watcher.refresh(), false, 'nothing changed since');
  });

  test('drops it after removal', async () => {
    assert.equal(await createCityPackageStore(database.db).remove('leuven'), true);
    assert.equal(await watcher.refresh(), true);
    assert.equal(findCity('leuven'), undefined);
    assert.deepEqual(
      CITIES.map((c) => c.id),
      ['brussels', 'charleroi'],
    );
    assert.ok(!model.domains().some((d) => d.id === 'leuven'));
  });
});
