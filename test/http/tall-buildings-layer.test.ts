import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { VectorTile } from '@mapbox/vector-tile';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { PbfReader } from 'pbf';
import { tileAt } from '../../src/domain/map/mercator.ts';
import { ROOT } from '../helpers/acceptance.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Towers at their real heights (issue #47 item 1): every row of the sourced table of tall
 * buildings stands in the map's `buildings` layer within 10 % of its height, in the
 * footprint that holds its point; the rule alone put the North quarter's towers at 40–50 m.
 */
interface TallRow {
  name: string;
  lat: number;
  lon: number;
  height_m: number;
}
const table: TallRow[] = JSON.parse(
  readFileSync(join(ROOT, 'data', 'sources', 'brussels', 'tall-buildings.json'), 'utf8'),
).buildings;

let service: TestService;
let key: string;
before(async () => {
  service = await startTestService();
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

async function buildingsTileTemplate(): Promise<string> {
  const inject = service.composition.app.inject.bind(service.composition.app);
  const catalog = await inject({ url: '/v1/map/brussels', headers: { authorization: `Bearer ${key}` } });
  assert.equal(catalog.statusCode, 200, catalog.body);
  const tilejson = await inject({ url: catalog.json().static.buildings.tilejson });
  assert.equal(tilejson.statusCode, 200, tilejson.body);
  return tilejson.json().tiles[0] as string;
}

/** The `Height` of the smallest footprint of the tile holding the point (the tower, not its podium). */
async function heightAt(template: string, row: TallRow): Promise<number | null> {
  const address = tileAt(row.lon, row.lat, 16);
  const url = new URL(
    template.replace('{z}/{x}/{y}', `${address.z}/${address.x}/${address.y}`),
    'http://svc',
  );
  const response = await service.composition.app.inject({ url: `${url.pathname}${url.search}` });
  assert.equal(response.statusCode, 200, `${row.name}: ${response.statusCode}`);
  const layer = new VectorTile(new PbfReader(response.rawPayload)).layers.buildings;
  assert.ok(layer, `${row.name}: a buildings layer`);
  let best: { height: number; area: number } | null = null;
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i).toGeoJSON(address.x, address.y, address.z);
    if (feature.geometry.type !== 'Polygon' && feature.geometry.type !== 'MultiPolygon') continue;
    if (!booleanPointInPolygon([row.lon, row.lat], feature.geometry)) continue;
    const ring = (
      feature.geometry.type === 'Polygon' ? feature.geometry.coordinates : feature.geometry.coordinates[0]!
    )[0]!;
    let twice = 0;
    for (let k = 0; k + 1 < ring.length; k++)
      twice += ring[k]![0]! * ring[k + 1]![1]! - ring[k + 1]![0]! * ring[k]![1]!;
    const area = Math.abs(twice);
    if (!best || area < best.area) best = { height: Number(feature.properties?.Height), area };
  }
  return best?.height ?? null;
}

test('the table names the towers the issue names', () => {
  for (const name of [
    /Midi/,
    /Finances/,
    /Madou/,
    /World Trade Center 1/,
    /Proximus/,
    /North Galaxy/,
    /Rogier/,
  ])
    assert.ok(
      table.some((row) => name.test(row.name)),
      `${name} in tall-buildings.json`,
    );
});

test('every tall building of the table stands in the buildings layer within 10 % of its height', async () => {
  const template = await buildingsTileTemplate();
  const off: string[] = [];
  for (const row of table) {
    const height = await heightAt(template, row);
    if (height === null || Math.abs(height - row.height_m) > 0.1 * row.height_m)
      off.push(`${row.name}: ${height ?? 'no footprint'} m, table ${row.height_m} m`);
  }
  assert.deepEqual(off, []);
});
