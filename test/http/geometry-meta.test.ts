import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { GRAND_PLACE, insideRing, ROOT } from '../helpers/acceptance.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Gaps are not fields (issue #33 item 3): the 2013 OpenStreetMap extract is dense in the
 * centre and sparse to the north and west. The package's districts.geojson says where
 * footprints are too incomplete, and every answer for a point there says so in
 * `meta.geometry: "estimated"`; a point in the well-mapped centre says `"mapped"`. The
 * sparse point is the centre of the least covered estimated district inside the zone,
 * read from the package itself.
 */
type District = {
  properties: { district: string; geometry: string; coverage: number | null };
  geometry: { coordinates: number[][][] };
};
const PACKAGE = join(ROOT, 'data', 'cities', 'brussels');
const districts: District[] = JSON.parse(readFileSync(join(PACKAGE, 'districts.geojson'), 'utf8')).features;
const zone: number[][] = JSON.parse(readFileSync(join(PACKAGE, 'boundary.geojson'), 'utf8')).geometry
  .coordinates[0];
const centreOf = (d: District) => {
  const ring = d.geometry.coordinates[0]!;
  const [w, s] = ring[0]!;
  const [e, n] = ring[2]!;
  return { lat: Math.round(((s! + n!) / 2) * 1e5) / 1e5, lon: Math.round(((w! + e!) / 2) * 1e5) / 1e5 };
};
const sparse = districts
  .filter((d) => d.properties.geometry === 'estimated' && insideRing(zone, centreOf(d).lon, centreOf(d).lat))
  .sort((a, b) => a.properties.coverage! - b.properties.coverage!)[0]!;
const SPARSE = centreOf(sparse);

let service: TestService;
let key: string;
before(async () => {
  service = await startTestService({ COMPUTE_DEADLINE_MS: '280000' });
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

async function metaOf(path: string, point: { lat: number; lon: number }) {
  const response = await service.composition.app.inject({
    url: `/v1/${path}lat=${point.lat}&lon=${point.lon}`,
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().meta;
}

test('the package marks sparse districts inside the zone', () => {
  assert.ok(sparse, 'an estimated district inside the zone');
  assert.ok(sparse.properties.coverage! < 0.1, `coverage ${sparse.properties.coverage}`);
});

for (const path of ['historical/stats?metrics=thermal&', 'realtime?', 'forecast?']) {
  test(`/${path.split('?')[0]} says where the geometry is estimated and where it is mapped`, async () => {
    assert.equal(
      (await metaOf(path, SPARSE)).geometry,
      'estimated',
      `district ${sparse.properties.district}`,
    );
    assert.equal((await metaOf(path, GRAND_PLACE)).geometry, 'mapped');
  });
}

test('a nationwide answer says nothing of city geometry', async () => {
  const meta = await metaOf('historical/stats?metrics=thermal&', { lat: 50.4108, lon: 4.4446 });
  assert.equal(meta.dataset, 'belgium_lowres');
  assert.equal('geometry' in meta, false);
});
