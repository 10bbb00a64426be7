import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { embeddedCitySpecs } from '../../../../src/adapters/cities/embedded.ts';
import { ringsBbox } from '../../../../src/domain/coverage/cities.ts';
import type { DomainId } from '../../../../src/domain/grid/model-data.ts';
import { cellAt } from '../../../../src/model/embedded/grid/geometry.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../../../src/model/embedded/morphology/morphology.ts';
import { cacheDir, cityCacheName, loadOrBuildCity } from '../../../../src/model/embedded/morphology/store.ts';
import { EMBEDDED_REGISTRY } from '../../../helpers/embedded-cities.ts';
import { SHARED_DATA_DIR, sharedDomains } from '../../../helpers/shared-domains.ts';

let domains: Map<DomainId, Morphology>;
before(async () => {
  domains = await sharedDomains();
});

const brussels = () => domains.get('brussels')!;
const surfaceAt = (m: Morphology, lat: number, lon: number) =>
  m.rasters.surface[cellAt(m.info.grid, lat, lon)];

/** mean building height within a radius (cells) around a point */
function meanHeightAround(m: Morphology, lat: number, lon: number, radius: number): number {
  const g = m.info.grid;
  const centre = cellAt(g, lat, lon);
  const col = centre % g.cols;
  const row = Math.floor(centre / g.cols);
  let sum = 0;
  let n = 0;
  for (let r = row - radius; r <= row + radius; r++) {
    for (let c = col - radius; c <= col + radius; c++) {
      const cell = r * g.cols + c;
      if (m.rasters.surface[cell] === SURFACE.building) {
        sum += m.rasters.heightM[cell]!;
        n++;
      }
    }
  }
  return sum / n;
}

describe('city morphology', () => {
  test('covers each city boundary bbox plus a margin of about 200 m', () => {
    for (const city of EMBEDDED_REGISTRY.cities) {
      const g = domains.get(city.id as DomainId)!.info.grid;
      const [west, south, east, north] = ringsBbox([city.boundary]);
      const east0 = g.west + g.cols * g.dLon;
      const south0 = g.north - g.rows * g.dLat;
      assert.ok(west - g.west > 0.0024 && east0 - east > 0.0024, `${city.id} lon margin`);
      assert.ok(g.north - north > 0.0017 && south - south0 > 0.0017, `${city.id} lat margin`);
    }
  });

  test('keeps the Grand-Place an open square, the Parc de Bruxelles and the Parc Léopold parks', () => {
    // points measured on the OSM areas, 30 m and 130 m from the nearest footprint
    assert.equal(surfaceAt(brussels(), 50.84654, 4.35271), SURFACE.plaza);
    assert.equal(surfaceAt(brussels(), 50.84463, 4.36307), SURFACE.park);
    // (OSM: the Cinquantenaire point of the synthetic city lies on the park's paved esplanade)
    // (the Parc Léopold point is on the edge of its pond: park or water)
    assert.ok([SURFACE.park, SURFACE.water].includes(surfaceAt(brussels(), 50.8378, 4.37802) as 2 | 3));
  });

  test('builds towers in the North and European quarters, low houses at the edges', () => {
    const north = meanHeightAround(brussels(), 50.8605, 4.359, 15);
    const europe = meanHeightAround(brussels(), 50.843, 4.378, 15);
    const edge = meanHeightAround(brussels(), 50.866, 4.39, 15);
    assert.ok(north > 2 * edge, `north ${north} edge ${edge}`);
    assert.ok(europe > 1.6 * edge, `europe ${europe} edge ${edge}`);
    assert.ok(edge > 6 && edge < 16, `edge ${edge}`);
  });

  test('has a plausible share of buildings, streets and open space', () => {
    const counts = new Map<number, number>();
    for (const s of brussels().rasters.surface) counts.set(s, (counts.get(s) ?? 0) + 1);
    const share = (s: number) => (counts.get(s) ?? 0) / brussels().rasters.surface.length;
    // OSM of 2013 lacks most footprints of Saint-Josse, Schaerbeek and Molenbeek
    // (docs/cities.md): the mapped quarters cover 40–60 %, the whole grid a quarter
    assert.ok(
      share(SURFACE.building) > 0.2 && share(SURFACE.building) < 0.6,
      `buildings ${share(SURFACE.building)}`,
    );
    assert.ok(share(SURFACE.road) > 0.15 && share(SURFACE.road) < 0.35, `roads ${share(SURFACE.road)}`);
  });

  test('derives deep, dark canyons in the Pentagon and open sky in parks', () => {
    const m = brussels();
    const { surface, svf, canyonAspect } = m.rasters;
    const pentagon = cellAt(m.info.grid, 50.8455, 4.35);
    const col = pentagon % m.info.grid.cols;
    const row = Math.floor(pentagon / m.info.grid.cols);
    const street: number[] = [];
    for (let r = row - 20; r <= row + 20; r++)
      for (let c = col - 20; c <= col + 20; c++)
        if (surface[r * m.info.grid.cols + c] === SURFACE.road) street.push(r * m.info.grid.cols + c);
    const meanSvf = street.reduce((a, i) => a + svf[i]!, 0) / street.length;
    const meanAspect = street.reduce((a, i) => a + canyonAspect[i]!, 0) / street.length;
    assert.ok(meanSvf < 0.7, `pentagon street svf ${meanSvf}`);
    assert.ok(meanAspect > 0.8, `pentagon aspect ${meanAspect}`);
    assert.ok(svf[cellAt(m.info.grid, 50.8405, 4.392)]! > 0.9);
  });

  test('returns footprints that cover exactly the building cells', () => {
    const m = domains.get('charleroi')!;
    const covered = new Uint8Array(m.rasters.surface.length);
    const { rects, rectHeightM } = m.footprints;
    for (let i = 0; i < m.rectCount; i++) {
      for (let r = rects[i * 4 + 1]!; r <= rects[i * 4 + 3]!; r++)
        for (let c = rects[i * 4]!; c <= rects[i * 4 + 2]!; c++) {
          const cell = r * m.info.grid.cols + c;
          assert.equal(m.rasters.heightM[cell], rectHeightM[i]);
          covered[cell] = covered[cell]! + 1;
        }
    }
    for (let cell = 0; cell < covered.length; cell++) {
      assert.equal(covered[cell], m.rasters.surface[cell] === SURFACE.building ? 1 : 0);
    }
  });

  test('is cached under DATA_DIR and reloaded byte for byte without regenerating', async () => {
    const spec = (await embeddedCitySpecs(EMBEDDED_REGISTRY.cities)).find((s) => s.id === 'charleroi')!;
    const again = await loadOrBuildCity(SHARED_DATA_DIR, spec, domains.get('belgium')!);
    assert.equal(again.generated, false);
    const file = await readFile(join(cacheDir(SHARED_DATA_DIR), `${cityCacheName(spec)}.bin`));
    assert.deepEqual(new Uint8Array(again.morphology.buffer), new Uint8Array(file));
    assert.deepEqual(
      new Uint8Array(again.morphology.buffer),
      new Uint8Array(domains.get('charleroi')!.buffer),
    );
  });
});
