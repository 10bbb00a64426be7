import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CityGeometry } from '../../../../src/domain/coverage/city-package/model-geometry.ts';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { cityDomainInfo } from '../../../../src/model/embedded/morphology/domains.ts';
import { cityFromGeometry } from '../../../../src/model/embedded/morphology/generate-city.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';

/**
 * Gaps are not fields (issue #33 item 3): a district whose footprints are incomplete
 * (districts.geojson) gives its unmapped ground its estimated built share, which the
 * built fraction (the heat island's driver) counts; its cells are marked estimated. The
 * same town without the mark treats the ground as open and says mapped.
 */
type Ring = Array<[number, number]>;
const square = (w: number, s: number, e: number, n: number): Ring[] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const boundary: Ring = square(4.3, 50.8, 4.314, 50.809)[0]!;
const info = cityDomainInfo({
  id: 'town',
  revision: 't',
  boundary,
  resolutionM: 10,
  referenceYear: 2025,
  models: { air: true, wind: true, thermal: true },
});
// the west half mapped (a block of footprints), the east half land use with no footprint drawn
const west: Array<CityGeometry['buildings'][number]> = [];
for (let k = 0; k < 6; k++)
  west.push({ polygons: [square(4.301 + k * 0.001, 50.802, 4.3015 + k * 0.001, 50.807)], heightM: 15 });
const plain: CityGeometry = {
  urbanIndex: 1,
  taOffsetC: 0,
  buildings: west,
  roads: [],
  landcover: [],
  tunnels: [],
};
const marked: CityGeometry = {
  ...plain,
  estimatedDistricts: [{ polygons: [square(4.307, 50.8, 4.314, 50.809)], builtFraction: 0.4 }],
};
const climate = { urbanIndex: 1, taOffsetC: 0 };

test('an estimated district counts its unmapped ground as built to its share, and is marked', () => {
  const a = cityFromGeometry(info, plain, climate);
  const b = cityFromGeometry(info, marked, climate);
  const east = cellAt(info.grid, 50.8045, 4.3105);
  const centreWest = cellAt(info.grid, 50.8045, 4.3035);
  assert.equal(a.rasters.surface[east], SURFACE.yard);
  assert.equal(a.rasters.builtFraction[east], 0, 'no footprint within 120 m: open ground');
  assert.ok(
    Math.abs(b.rasters.builtFraction[east]! - 0.4) < 0.01,
    `estimated built share ${b.rasters.builtFraction[east]}`,
  );
  assert.equal(b.rasters.geometryEstimated[east], 1);
  assert.equal(a.rasters.geometryEstimated[east], 0);
  // the mapped half keeps its footprints' own share
  assert.equal(b.rasters.geometryEstimated[centreWest], 0);
  assert.equal(b.rasters.builtFraction[centreWest], a.rasters.builtFraction[centreWest]);
});

test('an estimated district shelters the wind like built ground, not like a field', () => {
  const a = cityFromGeometry(info, plain, climate);
  const b = cityFromGeometry(info, marked, climate);
  // inside the unmapped east half, far from any footprint: every direction's factor
  const east = cellAt(info.grid, 50.8045, 4.3115);
  const meanFactor = (m: typeof a) => {
    let sum = 0;
    for (let k = 0; k < 16; k++) sum += m.rasters.windFactor[east * 16 + k]!;
    return sum / 16 / 100;
  };
  assert.ok(meanFactor(b) < 0.8 * meanFactor(a), `estimated ${meanFactor(b)} vs open ${meanFactor(a)}`);
  // the surface is still unmapped ground: no building is invented
  assert.equal(b.rasters.surface[east], SURFACE.yard);
  assert.equal(b.rasters.heightM[east], 0);
});
