import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../../src/adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { packageRevision, readPackageDir } from '../../src/adapters/cities/package-dir.ts';
import { createCityPackageStore } from '../../src/adapters/cities/package-store.ts';
import { citySources } from '../../src/adapters/cities/sources.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { packPackageFiles } from '../../src/domain/coverage/city-package/archive.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import type { MicroclimateModel } from '../../src/model/microclimate-model.ts';
import { type CityWatcher, loadCities, watchCities } from '../../src/services/city-catalog.ts';
import { LiveCities } from '../../src/services/live-cities.ts';
import { largeCityPackage } from '../helpers/large-city.ts';
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
let live: LiveCities;
let dir: string;
const reads: string[] = [];
const RETIRE_MS = 1_500;

before(async () => {
  pg = await createTempPostgres();
  database = await openDatabase({ dataDir: tmpdir(), databaseUrl: pg.url });
  dir = mkdtempSync(join(tmpdir(), 'svc-watch-'));
  writeTownPackage(dir);
  const embedded = loadEmbeddedCities();
  const sources = citySources(database.db, embedded, await embeddedCitySpecs(embedded));
  // counts the packages read, by id
  const load = sources.imported.load;
  sources.imported.load = (id, revision) => {
    reads.push(id);
    return load(id, revision);
  };
  const initial = await loadCities(sources);
  live = new LiveCities(initial.definitions);
  model = await createEmbeddedModel({
    dataDir: SHARED_MODEL_DIR,
    workers: 1,
    cities: initial.specs,
    climate: loadNationalClimate(),
  });
  // a long interval: the test drives the polls itself
  watcher = watchCities(sources, model, initial, {
    intervalMs: 60_000,
    retireAfterMs: RETIRE_MS,
    publish: (definitions) => live.replace(definitions),
  });
});
after(async () => {
  watcher?.close();
  await model?.close();
  await database?.close();
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
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

  test('reads an archive of many pieces back byte for byte', async () => {
    const store = createCityPackageStore(database.db);
    const big = largeCityPackage({
      id: 'bigtown',
      name: 'Bigtown',
      centre: { lat: 51.054, lon: 3.725 },
      widthM: 1200,
      heightM: 1000,
      spacingM: 7,
    });
    await store.put(big.id, 'r1', big.files, Date.UTC(2026, 0, 1));
    const archive = await store.archive(big.id, 'r1');
    const packed = packPackageFiles(big.files);
    assert.ok(packed.byteLength > 2 * 128 * 1024, `${packed.byteLength} bytes: one piece`);
    assert.ok(archive && Buffer.from(archive).equals(Buffer.from(packed)));
    assert.equal(await store.archive(big.id, 'r2'), null);
    assert.equal(await store.remove(big.id), true);
  });

  test('loads the new city into the model and the registry at the next poll', async () => {
    const before = model.version;
    reads.length = 0;
    assert.equal(await watcher.refresh(), true);
    assert.deepEqual(reads, ['leuven'], 'the new package, and only it, is read');
    assert.ok(live.current().find('leuven'));
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

  test('reads only the package that changed', async () => {
    const store = createCityPackageStore(database.db);
    const files = await readPackageDir(dir);
    const manifest = { ...JSON.parse(files['city.json']!), id: 'heverlee', name: 'Heverlee' };
    const other = { ...files, 'city.json': JSON.stringify(manifest) };
    await store.put('heverlee', packageRevision(other), other, Date.UTC(2026, 0, 2));
    reads.length = 0;
    assert.equal(await watcher.refresh(), true);
    assert.deepEqual(reads, ['heverlee'], 'leuven, unchanged, is not read again');
    assert.ok(live.current().find('heverlee') && live.current().find('leuven'));
    assert.ok(model.domains().some((d) => d.id === 'heverlee'));

    assert.equal(await store.remove('heverlee'), true);
    reads.length = 0;
    assert.equal(await watcher.refresh(), true);
    assert.deepEqual(reads, [], 'a removal reads no package');
    assert.equal(live.current().find('heverlee'), undefined);
  });

  test('drops it after removal: from the catalogue at once, from the model once requests are done', async () => {
    assert.equal(await createCityPackageStore(database.db).remove('leuven'), true);
    const removedAt = Date.now();
    assert.equal(await watcher.refresh(), true);
    assert.equal(live.current().find('leuven'), undefined);
    assert.deepEqual(
      live.current().cities.map((c) => c.id),
      ['brussels', 'charleroi'],
    );
    if (Date.now() - removedAt < RETIRE_MS)
      // a request that found leuven listed a moment ago still gets its answer
      assert.ok(model.locate('leuven', POINTS.tower.lat, POINTS.tower.lon));
    const dropped = Date.now();
    while (model.domains().some((d) => d.id === 'leuven' || d.id === 'heverlee')) {
      assert.ok(Date.now() - dropped < RETIRE_MS + 30_000, 'the model still holds the removed cities');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(Date.now() - removedAt >= RETIRE_MS, 'dropped by the model before its grace');
    assert.equal(await watcher.refresh(), false, 'nothing changed since');
  });
});
