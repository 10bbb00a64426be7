import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EMBEDDED_PLANS, PLAN_CLIMATES } from '../../../scripts/cities/embedded-plans.ts';
import { embeddedCitySpecs } from '../../../src/adapters/cities/embedded.ts';
import { ModelEngine } from '../../../src/model/embedded/compute/engine.ts';
import { cityDomainInfo } from '../../../src/model/embedded/morphology/domains.ts';
import { generateCity } from '../../../src/model/embedded/morphology/generate-city.ts';
import type { Morphology } from '../../../src/model/embedded/morphology/morphology.ts';
import { loadOrBuildCity } from '../../../src/model/embedded/morphology/store.ts';
import { buildingsIn, maxRectRowSpan } from '../../../src/model/embedded/spatial/domain-footprints.ts';
import { outdoorCellsWithin } from '../../../src/model/embedded/spatial/queries.ts';
import { MODEL_SEED } from '../../../src/model/embedded/version.ts';
import type { CityDomainSpec } from '../../../src/services/city-domains-port.ts';
import { EMBEDDED_REGISTRY } from '../../helpers/embedded-cities.ts';
import { sharedDomains } from '../../helpers/shared-domains.ts';

/**
 * Charleroi moved from code (a synthetic plan) to a data package (data/cities/); Brussels
 * is built from OpenStreetMap since issue #33 (test/scripts/build-brussels.integration.test.ts
 * checks that package against its sources instead). Both paths run through the same, current model code here, so the
 * comparison holds whatever the physics becomes: the morphology built from the plan
 * and the one built from the package must give identical historical (reference year),
 * real-time (observed hours), forecast and tile values and the same building footprints.
 */
let dir: string;
let specs: CityDomainSpec[];
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-packages-'));
  specs = await embeddedCitySpecs(EMBEDDED_REGISTRY.cities);
});
after(() => rm(dir, { recursive: true, force: true }));

const HOUR = 3_600_000;
const OBSERVED = {
  kind: 'observed',
  fromMs: Date.UTC(2026, 0, 14, 6),
  toMs: Date.UTC(2026, 0, 14, 9),
} as const;

async function both(id: string): Promise<{ plan: Morphology; pkg: Morphology }> {
  const spec = specs.find((s) => s.id === id)!;
  const national = (await sharedDomains()).get('belgium')!;
  const pkg = (await loadOrBuildCity(dir, spec, national)).morphology;
  // the plan's city in the same climate and on the same clock as the package's (store.ts)
  const plan = {
    ...generateCity(cityDomainInfo(spec), EMBEDDED_PLANS[id]!, PLAN_CLIMATES[id]!),
    ...(pkg.climate ? { climate: pkg.climate } : {}),
  };
  return { plan, pkg };
}

for (const [id, lat, lon] of [['charleroi', 50.411, 4.445]] as const) {
  describe(`${id}: the data package answers as the plan did`, () => {
    let plan: Morphology;
    let pkg: Morphology;
    let cells: number[];
    let domains: Map<string, Morphology>;
    before(async () => {
      ({ plan, pkg } = await both(id));
      domains = await sharedDomains();
      // outdoor cells around the centre: a square, streets, courtyards
      cells = outdoorCellsWithin(plan, lat, lon, 120)
        .filter((_, k) => k % 40 === 0)
        .slice(0, 4);
      assert.ok(cells.length >= 3);
    });

    test('rasterises to the same grid: every cell, every derived raster, every footprint', () => {
      assert.equal(pkg.rectCount, plan.rectCount);
      assert.deepEqual(pkg.info.grid, plan.info.grid);
      assert.ok(Buffer.from(new Uint8Array(pkg.buffer)).equals(Buffer.from(new Uint8Array(plan.buffer))));
    });

    test('gives the same historical, real-time, forecast and tile values', () => {
      // a city's background comes from the nationwide grid (model v1.2), shared by both
      const national = domains.get('belgium')!;
      const planEngine = new ModelEngine(
        new Map([
          [id, plan],
          ['belgium', national],
        ]),
        MODEL_SEED,
      );
      const pkgEngine = new ModelEngine(
        new Map([
          [id, pkg],
          ['belgium', national],
        ]),
        MODEL_SEED,
      );
      const historical = [cells[0]!, cells[1]!];
      assert.deepEqual(
        pkgEngine.series(id, historical, { kind: 'reference' }),
        planEngine.series(id, historical, { kind: 'reference' }),
      );
      assert.deepEqual(pkgEngine.series(id, cells, OBSERVED), planEngine.series(id, cells, OBSERVED));
      const forecast = { kind: 'forecast', issuedMs: OBSERVED.toMs } as const;
      assert.deepEqual(pkgEngine.series(id, cells, forecast), planEngine.series(id, cells, forecast));
      const window = { west: lon - 0.004, east: lon + 0.004, south: lat - 0.003, north: lat + 0.003 };
      for (const layer of ['thermal', 'wind', 'air'] as const) {
        const hour = { hourMs: OBSERVED.toMs - 2 * HOUR };
        assert.deepEqual(
          pkgEngine.layerWindow(id, layer, hour, window),
          planEngine.layerWindow(id, layer, hour, window),
        );
      }
      assert.deepEqual(
        buildingsIn(pkg, window, maxRectRowSpan(pkg)),
        buildingsIn(plan, window, maxRectRowSpan(plan)),
      );
    });
  });
}
