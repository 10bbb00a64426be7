import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMemoryCache } from '../../../src/adapters/cache/memory.ts';
import { cityDefinition } from '../../../src/domain/coverage/city-package/definition.ts';
import { type CityManifest, manifestErrors } from '../../../src/domain/coverage/city-package/manifest.ts';
import { cityRegistry } from '../../../src/domain/coverage/registry.ts';
import type { CellSeries, DomainInfo } from '../../../src/domain/grid/model-data.ts';
import type { MicroclimateModel } from '../../../src/model/microclimate-model.ts';
import { createStatisticsEngine } from '../../../src/services/data/statistics-engine.ts';
import type { StatisticsPool } from '../../../src/services/data/statistics-pool-port.ts';
import { EMBEDDED_REGISTRY } from '../../helpers/embedded-cities.ts';

/**
 * The air benchmark of a city samples the centre points its package names
 * (city.json `air_reference_points`), not points written in the services: an imported
 * city with points of its own gets a benchmark over exactly those points, and a city
 * without them gets none.
 */

const MANIFEST: CityManifest = {
  id: 'testville',
  name: 'Testville',
  country: 'BE',
  timezone: 'Europe/Brussels',
  products: { geocode: true, historical: true, realtime: true, forecast: true, reports: true, map: true },
  metrics: ['air', 'wind', 'thermal'],
  attribution: 'Test data.',
  air_reference_points: [
    { lat: 50.501, lon: 4.401 },
    { lat: 50.502, lon: 4.402 },
    { lat: 50.503, lon: 4.403 },
  ],
};
const RING: Array<[number, number]> = [
  [4.39, 50.49],
  [4.41, 50.49],
  [4.41, 50.51],
  [4.39, 50.51],
  [4.39, 50.49],
];

/** a model whose every located point is an outdoor cell of its own, numbered in order */
function recordingModel(located: Array<[number, number]>): MicroclimateModel {
  const info: DomainInfo = {
    id: 'testville',
    revision: 'test',
    resolutionM: 10,
    grid: { west: 4.39, north: 50.51, dLon: 0.001, dLat: 0.001, cols: 20, rows: 20 },
    referenceYear: 2025,
    hasBuildings: true,
    // thermal off: only the air benchmark is exercised
    models: { air: true, wind: true, thermal: false },
  };
  const model: Partial<MicroclimateModel> = {
    version: 'test-model',
    domain: () => info,
    locate: (_domain, lat, lon) => {
      located.push([lat, lon]);
      return { cell: located.length, isBuilding: false };
    },
    series: async (_domain, cells) =>
      cells.map(
        (cell) => ({ cell, hours: new Float64Array([Date.UTC(2025, 0, 1)]) }) as unknown as CellSeries,
      ),
  };
  return model as MicroclimateModel;
}

/** each cell's air block answers a good share equal to ten times its cell number */
const pool = {
  compute: async (_hours: Float64Array, series: readonly CellSeries[]) => ({
    air: { good_pct: (series[0]?.cell ?? 0) * 10 },
  }),
  close: async () => {},
} as unknown as StatisticsPool;

test('the air_reference_points field is part of the manifest format', () => {
  assert.deepEqual(manifestErrors(MANIFEST), []);
  assert.notDeepEqual(manifestErrors({ ...MANIFEST, air_reference_points: [{ lat: 95, lon: 4.4 }] }), []);
  assert.notDeepEqual(manifestErrors({ ...MANIFEST, air_reference_points: [] }), []);
});

test("an imported city's air benchmark samples its package's reference points", async () => {
  const located: Array<[number, number]> = [];
  const registry = cityRegistry([cityDefinition(MANIFEST, RING, null, 'imported')]);
  const statistics = createStatisticsEngine({
    model: recordingModel(located),
    cities: () => registry,
    cache: createMemoryCache(),
    pool,
  });
  const references = await statistics.references('testville');
  assert.deepEqual(located, [
    [50.501, 4.401],
    [50.502, 4.402],
    [50.503, 4.403],
  ]);
  // cells 1, 2, 3: good shares 10, 20, 30
  assert.deepEqual(references.air, { good_pct: 20, n_locations: 3 });
});

test('a city whose package names no reference points has no air benchmark', async () => {
  const located: Array<[number, number]> = [];
  const { air_reference_points: _, ...without } = MANIFEST;
  const registry = cityRegistry([cityDefinition(without, RING, null, 'imported')]);
  const statistics = createStatisticsEngine({
    model: recordingModel(located),
    cities: () => registry,
    cache: createMemoryCache(),
    pool,
  });
  assert.deepEqual(await statistics.references('testville'), {});
  assert.deepEqual(located, []);
});

test("the Brussels package carries the Pentagon's eight open streets and squares", () => {
  assert.deepEqual(EMBEDDED_REGISTRY.find('brussels')?.airReferencePoints, [
    { lat: 50.8467, lon: 4.3525 },
    { lat: 50.8503, lon: 4.3488 },
    { lat: 50.8449, lon: 4.3572 },
    { lat: 50.8427, lon: 4.3497 },
    { lat: 50.8488, lon: 4.3561 },
    { lat: 50.8418, lon: 4.3553 },
    { lat: 50.8524, lon: 4.3553 },
    { lat: 50.8457, lon: 4.3446 },
  ]);
});
