import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { bearer, type CreatedKey, json, type Server, startServer } from '../helpers/acceptance.ts';
import { BOUNDARY_RING, MANIFEST, POINTS, TOWER, townBuildings, writeTownPackage } from '../helpers/town.ts';

/**
 * An operator imports a city data package into a running server with the CLI; everything
 * below is observed through HTTP only. The server polls for cities every second here
 * (CITIES_POLL_MS), the rule being "live within a minute".
 */
type Json = Record<string, unknown>;
let server: Server;
let key: CreatedKey;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-town-'));
  writeTownPackage(join(dir, 'leuven'));
  server = await startServer({ env: { CITIES_POLL_MS: '1000' } });
  key = await server.createKey(['--rate-per-min', '1000']);
});
after(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string) => server.fetch(path, { headers: bearer(key.key) });
const at = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function listed(): Promise<Json[]> {
  return (await json<{ cities: Json[] }>(await server.fetch('/cities'))).cities;
}

/** z/x/y of the tile containing a point */
function tileOf(lat: number, lon: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    z,
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  ];
}

describe('cities import: a new city goes live on a running server', () => {
  test('refuses a broken package, naming file, feature and rule, and imports nothing', async () => {
    const broken = join(dir, 'broken');
    writeTownPackage(broken);
    writeFileSync(
      join(broken, 'roads.geojson'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { highway: 'runway' },
            geometry: { type: 'Point', coordinates: [4.7, 50.88] },
          },
        ],
      }),
    );
    const result = await server.cli(['cities', 'import', broken]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^roads\.geojson feature 0: \[geometry-type\]/m);
    assert.match(result.stderr, /nothing was imported/);
    const list = JSON.parse((await server.cli(['cities', 'list'])).stdout) as Json[];
    assert.deepEqual(
      list.map((c) => c.id),
      ['brussels', 'charleroi'],
    );
  });

  test('imports the town and lists it with its products and metrics within a minute', async () => {
    const result = await server.cli(['cities', 'import', join(dir, 'leuven')]);
    assert.equal(result.code, 0, result.stderr);
    const printed = JSON.parse(result.stdout) as Json;
    assert.equal(printed.id, 'leuven');
    assert.equal(printed.buildings, townBuildings().length);
    const started = Date.now();
    const city = await until('leuven listed', async () => (await listed()).find((c) => c.id === 'leuven'));
    assert.ok(Date.now() - started < 60_000);
    assert.deepEqual(city.products, MANIFEST.products);
    assert.deepEqual(city.metrics, MANIFEST.metrics);
    const detail = await json(await server.fetch('/cities/leuven'));
    assert.equal(detail.attribution, MANIFEST.attribution);
    assert.deepEqual((detail.boundary as { geometry: { coordinates: unknown } }).geometry.coordinates, [
      BOUNDARY_RING,
    ]);
  });

  test('answers nearest_outdoor for a point inside an imported building', async () => {
    const body = await json(await get(`/historical/stats?${at(POINTS.tower)}&metrics=wind`));
    const meta = body.meta as Json;
    assert.equal(meta.sampling, 'nearest_outdoor');
    assert.equal((body.city as Json).id, 'leuven');
  });

  test('geocodes into the city and serves its real-time and forecast records', async () => {
    const geocoded = await json<{ results: Json[] }>(await get('/geocode?q=Leuven&limit=1'));
    assert.equal(geocoded.results[0]?.covered, 'high_res');
    assert.equal(geocoded.results[0]?.city, 'leuven');
    for (const product of ['realtime', 'forecast']) {
      const response = await get(`/${product}?${at(POINTS.pedestrian)}`);
      assert.equal(response.status, 200, product);
      const body = await json(response);
      assert.equal((body.city as Json).id, 'leuven');
      assert.ok((body.hourly as Json[]).length > 0);
    }
  });

  test('has more NO2 on the main road than in the park', async () => {
    const no2 = async (p: { lat: number; lon: number }) =>
      (
        (await json(await get(`/historical/stats?${at(p)}&metrics=air`))).air as {
          annual_mean_ugm3: { no2: number };
        }
      ).annual_mean_ugm3.no2;
    const road = await no2(POINTS.mainRoad);
    const park = await no2(POINTS.park);
    assert.ok(road > park + 5, `main road ${road} µg/m3, park ${park} µg/m3`);
  });

  test('serves building tiles with the imported heights', async () => {
    const catalog = await json(await get('/map/leuven'));
    const tilejson = (catalog.static as Record<string, { tilejson: string }>).buildings!.tilejson;
    const template = ((await json(await server.fetch(server.origin + tilejson))).tiles as string[])[0]!;
    const [z, x, y] = tileOf(POINTS.tower.lat, POINTS.tower.lon, 16);
    const url =
      server.origin + template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    const response = await fetch(url);
    assert.equal(response.status, 200);
    const layer = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer()))).layers
      .buildings!;
    const heights = new Set<number>();
    for (let i = 0; i < layer.length; i++) heights.add(layer.feature(i).properties.Height as number);
    assert.ok(heights.has(TOWER.heightM), `the ${TOWER.heightM} m tower: ${[...heights].join(', ')}`);
    const imported = new Set(townBuildings().map((b) => Math.round(b.heightM * 10) / 10));
    for (const h of heights) assert.ok(imported.has(h), `height ${h} m comes from the package`);
    // and the timed layers of the catalog, as for Brussels
    const realtime = catalog.realtime as { layers: Record<string, { tilejson: string }> };
    assert.deepEqual(Object.keys(realtime.layers).sort(), ['air', 'thermal', 'wind']);
    for (const [name, entry] of Object.entries(realtime.layers)) {
      const layerTemplate = (
        (await json(await server.fetch(server.origin + entry.tilejson))).tiles as string[]
      )[0]!;
      const [lz, lx, ly] = tileOf(POINTS.mainRoad.lat, POINTS.mainRoad.lon, 16);
      const tile = await fetch(
        server.origin +
          layerTemplate.replace('{z}', String(lz)).replace('{x}', String(lx)).replace('{y}', String(ly)),
      );
      assert.equal(tile.status, 200, name);
      const decoded = new VectorTile(new PbfReader(new Uint8Array(await tile.arrayBuffer())));
      assert.ok(decoded.layers[name]!.length > 0, `${name} tile has cells`);
    }
  });

  test('after cities remove, its points answer from the nationwide grid again', async () => {
    const result = await server.cli(['cities', 'remove', 'leuven']);
    assert.equal(result.code, 0, result.stderr);
    await until('leuven gone', async () =>
      (await listed()).some((c) => c.id === 'leuven') ? undefined : true,
    );
    const meta = (await json(await get(`/historical/stats?${at(POINTS.tower)}&metrics=wind`))).meta as Json;
    assert.equal(meta.dataset, 'belgium_lowres');
    assert.equal(meta.sampling, 'point');
  });
});
