import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { ApiError } from '../../../src/domain/errors/catalogue.ts';
import { tileAt } from '../../../src/domain/map/mercator.ts';
import { createCatalogService } from '../../../src/services/map/catalog-service.ts';
import type { TileAddressParams } from '../../../src/services/map/tile-request.ts';
import { createTileService } from '../../../src/services/map/tile-service.ts';
import { createTileSigner } from '../../../src/services/map/tile-signer.ts';
import { embeddedCities } from '../../helpers/embedded-cities.ts';
import { BRUSSELS_GRID, cellValue, GridModel } from '../../helpers/grid-model.ts';

const SECRET = Buffer.from('s'.repeat(32));
const NOW = Date.UTC(2026, 5, 1, 10, 20);
const GRAND_PLACE = { lon: 4.3525, lat: 50.8467 };

async function setup() {
  const model = new GridModel();
  const signer = createTileSigner([SECRET]);
  const active = new Set(['key-1']);
  let clock = NOW;
  const now = () => clock;
  const tiles = createTileService({
    cities: embeddedCities,
    model,
    signer,
    isKeyActive: async (id) => active.has(id),
    now,
  });
  const catalog = (
    await createCatalogService({ cities: embeddedCities, model, signer, now }).getCatalog({
      city: 'brussels',
      key: { id: 'key-1', metrics: ['*'], horizons: ['*'] },
    })
  ).body;
  return { model, tiles, catalog, active, advance: (ms: number) => (clock += ms) };
}

/** route params and query of a catalog link, as the tile routes would parse them */
function parseLink(link: string): { params: TileAddressParams; query: Record<string, string> } {
  const url = new URL(link, 'http://x');
  const parts = url.pathname
    .replace(/\.json$/, '')
    .split('/')
    .slice(5); // after /v1/map/{city}/tiles
  const city = url.pathname.split('/')[3]!;
  const query = Object.fromEntries(url.searchParams);
  if (parts[0] === 'forecast')
    return { params: { city, layer: parts[1]!, horizon: 'forecast', timestamp: parts[2]! }, query };
  if (parts.length === 1) return { params: { city, layer: parts[0]!, horizon: 'static' }, query };
  return { params: { city, layer: parts[0]!, horizon: 'realtime', timestamp: parts[1]! }, query };
}

async function rejectsWith(p: Promise<unknown>, code: string) {
  await assert.rejects(p, (err: unknown) => err instanceof ApiError && err.code === code);
}

test('the TileJSON of a catalog link carries a signed relative template that verifies for every tile', async () => {
  const { tiles, catalog } = await setup();
  const { params, query } = parseLink(catalog.realtime!.layers.thermal!.tilejson);
  const tj = await tiles.tileJson(params, query);
  const template = tj.tiles[0]!;
  assert.ok(
    template.startsWith(`/v1/map/brussels/tiles/thermal/${catalog.realtime!.timestamp_ms}/{z}/{x}/{y}.mvt?`),
  );
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15);
  const tileQuery = Object.fromEntries(
    new URL(template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`), 'http://x').searchParams,
  );
  const result = await tiles.tile({ ...params, ...t }, tileQuery);
  assert.equal(result.status, 200);
  assert.deepEqual(tj.vector_layers[0]!.fields, { UTCI: 'Temperature UTCI (°C)' });
});

test('a z15 tile over the Grand-Place carries the raw UTCI of its cell', async () => {
  const { tiles, catalog } = await setup();
  const { params, query } = parseLink(catalog.realtime!.layers.thermal!.tilejson);
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15);
  const result = await tiles.tile({ ...params, ...t }, query);
  const layer = new VectorTile(new PbfReader(result.body!)).layers.thermal!;
  const col = Math.floor((GRAND_PLACE.lon - BRUSSELS_GRID.west) / BRUSSELS_GRID.dLon);
  const row = Math.floor((BRUSSELS_GRID.north - GRAND_PLACE.lat) / BRUSSELS_GRID.dLat);
  const expected =
    Math.round(Math.fround(cellValue('UTCI', col, row, catalog.realtime!.timestamp_ms)) * 100) / 100;
  // the feature under the Grand-Place pixel
  const n = 2 ** 15;
  const px = (((GRAND_PLACE.lon + 180) / 360) * n - t.x) * 4096;
  const phi = (GRAND_PLACE.lat * Math.PI) / 180;
  const py = (((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n - t.y) * 4096;
  let found: number | undefined;
  for (let i = 0; i < layer.length; i++) {
    const f = layer.feature(i);
    const [a, , c] = f.loadGeometry()[0]!;
    if (a!.x <= px && px < c!.x && a!.y <= py && py < c!.y) found = f.properties.UTCI as number;
  }
  assert.equal(found, expected);
});

test('an unsigned or tampered URL is 401 unauthorized; past exp is 401 url_expired', async () => {
  const { tiles, catalog, advance } = await setup();
  const { params, query } = parseLink(catalog.realtime!.layers.wind!.tilejson);
  await rejectsWith(tiles.tileJson(params, {}), 'unauthorized');
  await rejectsWith(tiles.tileJson({ ...params, layer: 'thermal' }, query), 'unauthorized');
  await rejectsWith(tiles.tileJson(params, { ...query, key: 'key-2' }), 'unauthorized');
  advance(3 * 3_600_000);
  await rejectsWith(tiles.tileJson(params, query), 'url_expired');
});

test("a revoked key's URLs stop working within seconds", async () => {
  const { tiles, catalog, active, advance } = await setup();
  const { params, query } = parseLink(catalog.static.buildings!.tilejson);
  await tiles.tileJson(params, query);
  active.delete('key-1');
  advance(5_000);
  await rejectsWith(tiles.tileJson(params, query), 'forbidden');
});

test('404 for a zoom outside the layer, a position outside the scheme, or a step the model does not have', async () => {
  const { tiles, catalog } = await setup();
  const { params, query } = parseLink(catalog.realtime!.layers.thermal!.tilejson);
  await rejectsWith(tiles.tile({ ...params, z: 18, x: 134240, y: 87936 }, query), 'not_found');
  await rejectsWith(tiles.tile({ ...params, z: 15, x: 40000, y: 1 }, query), 'not_found');
  const fc = parseLink(catalog.forecast[0]!.layers.thermal!.tilejson);
  // a realtime URL for an hour still to come names no data, even correctly signed
  const signer = createTileSigner([SECRET]);
  const future = Number(fc.params.timestamp);
  const q = Object.fromEntries(
    new URLSearchParams(
      signer.sign(
        'key-1',
        { city: 'brussels', layer: 'thermal', horizon: 'realtime', stepMs: future },
        Number(query.exp),
      ),
    ),
  );
  await rejectsWith(tiles.tileJson({ ...params, timestamp: String(future) }, q), 'not_found');
});

test('a tile away from the data is empty (204); cached tiles skip the model; gzip when accepted', async () => {
  const { tiles, catalog, model } = await setup();
  const { params, query } = parseLink(catalog.forecast[0]!.layers.wind!.tilejson);
  const far = tileAt(5.5, 50.3, 14);
  const empty = await tiles.tile({ ...params, ...far }, query);
  assert.equal(empty.status, 204);
  assert.equal(empty.body, null);
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 14);
  const first = await tiles.tile({ ...params, ...t }, query);
  const calls = model.calls.layerWindow;
  const zipped = await tiles.tile({ ...params, ...t }, query, { acceptGzip: true });
  assert.equal(model.calls.layerWindow, calls);
  assert.equal(zipped.contentEncoding, 'gzip');
  assert.deepEqual(gunzipSync(zipped.body!), first.body);
  assert.equal(zipped.etag, first.etag);
  const layer = new VectorTile(new PbfReader(first.body!)).layers.wind!;
  assert.deepEqual(Object.keys(layer.feature(0).properties).sort(), ['Ucomfort', 'Ugust']);
});

test('building tiles carry footprints with Height', async () => {
  const { tiles, catalog } = await setup();
  const { params, query } = parseLink(catalog.static.buildings!.tilejson);
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15);
  const result = await tiles.tile({ ...params, ...t }, query);
  const layer = new VectorTile(new PbfReader(result.body!)).layers.buildings!;
  assert.ok(layer.length > 40, `${layer.length} footprints`);
  assert.equal(typeof layer.feature(0).properties.Height, 'number');
});

test('coarse tiles at low zoom stay within 128 squares a side', async () => {
  const { tiles, catalog } = await setup();
  const { params, query } = parseLink(catalog.realtime!.layers.air!.tilejson);
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 11);
  const result = await tiles.tile({ ...params, ...t }, query);
  const layer = new VectorTile(new PbfReader(result.body!)).layers.air!;
  assert.ok(layer.length > 0 && layer.length <= 130 * 130, `${layer.length} squares`);
  assert.ok(result.body!.length < 1_000_000);
});

test('a hot tile whose key activity is not at hand goes through the whole admission; a key store failure there is its answer, not an unhandled rejection', async () => {
  const model = new GridModel();
  const signer = createTileSigner([SECRET]);
  let storeDown = false;
  const tiles = createTileService({
    cities: embeddedCities,
    model,
    signer,
    // synchronous while "cached", a failing read once the store is away
    isKeyActive: (id) => (storeDown ? Promise.reject(new Error('key store unreachable')) : id === 'key-1'),
    now: () => NOW,
  });
  const catalog = (
    await createCatalogService({ cities: embeddedCities, model, signer, now: () => NOW }).getCatalog({
      city: 'brussels',
      key: { id: 'key-1', metrics: ['*'], horizons: ['*'] },
    })
  ).body;
  const { params, query } = parseLink(catalog.static.buildings!.tilejson);
  const t = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15);
  const url = `/v1/map/brussels/tiles/buildings/${t.z}/${t.x}/${t.y}.mvt?${new URLSearchParams(query)}`;
  await tiles.tile({ ...params, ...t }, query, { requestUrl: url });
  assert.equal(tiles.cachedTile(url)?.status, 200, 'admitted, then answered from the memo');
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    storeDown = true;
    assert.equal(tiles.cachedTile(url), undefined);
    await assert.rejects(
      tiles.tile({ ...params, ...t }, query, { requestUrl: url }),
      /key store unreachable/,
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
