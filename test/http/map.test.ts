import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import type { InjectOptions } from 'fastify';
import { PbfReader } from 'pbf';
import { tileAt } from '../../src/domain/map/mercator.ts';
import { GridModel } from '../helpers/grid-model.ts';
import { revalidatingIfNoneMatch } from '../helpers/if-none-match-forms.ts';
import { type MapApp, startMapApp } from '../helpers/map-app.ts';

const HOUR = 3_600_000;
let now = Date.UTC(2026, 5, 1, 10, 20);
const model = new GridModel();
let svc: MapApp;
let key: string;

before(async () => {
  execFileSync(process.execPath, ['scripts/build-web.mjs']);
  svc = await startMapApp(model, { clock: () => now });
  key = await svc.createKey();
});
after(() => svc.close());

const inject = (opts: InjectOptions) => svc.app.inject(opts);
const auth = (k = key) => ({ authorization: `Bearer ${k}` });

async function catalog(k = key) {
  const response = await inject({ url: '/v1/map/brussels', headers: auth(k) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

function assertProblem(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /application\/problem\+json/);
  assert.equal(JSON.parse(response.body).code, code);
}

describe('GET /v1/map/{city}', () => {
  test('answers the catalog with X-Cache miss then hit, private to the key', async () => {
    const first = await inject({ url: '/v1/map/brussels', headers: auth() });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['x-cache'], 'miss');
    assert.equal(first.headers['cache-control'], 'private, max-age=60');
    const body = first.json();
    assert.deepEqual(Object.keys(body.meta).sort(), [
      'catalog_ttl_s',
      'crs',
      'generated_utc',
      'resolution_m',
      'tile_format',
      'url_expires_utc',
    ]);
    assert.ok(body.static.buildings.tilejson.startsWith('/v1/map/brussels/tiles/buildings.json?'));
    assert.ok(body.range.thermal[String(body.realtime.timestamp_ms)]);
    const second = await inject({ url: '/v1/map/brussels', headers: auth() });
    assert.equal(second.headers['x-cache'], 'hit');
    // the hit is the same signed body, sent as the same JSON
    assert.equal(second.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(second.body, first.body);
  });

  test('without a key 401, without the map product 403, outside the key cities 403, unknown city 404', async () => {
    assertProblem(await inject({ url: '/v1/map/brussels' }), 401, 'unauthorized');
    const noMap = await svc.createKey(['--products', 'realtime']);
    assertProblem(await inject({ url: '/v1/map/brussels', headers: auth(noMap) }), 403, 'forbidden');
    const charleroiOnly = await svc.createKey(['--cities', 'charleroi']);
    assertProblem(await inject({ url: '/v1/map/brussels', headers: auth(charleroiOnly) }), 403, 'forbidden');
    assertProblem(await inject({ url: '/v1/map/atlantis', headers: auth() }), 404, 'not_found');
  });

  test('a publishable key from an unregistered origin is refused', async () => {
    const pk = await svc.createKey(['--type', 'pk', '--origins', 'https://maps.example.org']);
    const ok = await inject({
      url: '/v1/map/brussels',
      headers: { ...auth(pk), origin: 'https://maps.example.org' },
    });
    assert.equal(ok.statusCode, 200);
    assertProblem(
      await inject({ url: '/v1/map/brussels', headers: { ...auth(pk), origin: 'https://evil.example.net' } }),
      403,
      'forbidden',
    );
  });
});

describe('signed tiles', () => {
  test('TileJSON and tiles answer without a key header, outside the rate window', async () => {
    const limited = await svc.createKey(['--rate-per-min', '2']);
    const rt = (await catalog(limited)).realtime;
    const tj = await inject({ url: rt.layers.thermal.tilejson });
    assert.equal(tj.statusCode, 200, tj.body);
    const template: string = tj.json().tiles[0];
    assert.ok(template.startsWith(`/v1/map/brussels/tiles/thermal/${rt.timestamp_ms}/{z}/{x}/{y}.mvt?`));
    const t = tileAt(4.3525, 50.8467, 15);
    const url = template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`);
    // more tiles than the key's 2 requests a minute
    for (let i = 0; i < 8; i++) {
      const tile = await inject({ url });
      assert.equal(tile.statusCode, 200);
      assert.equal(tile.headers['x-ratelimit-limit'], undefined);
    }
    const tile = await inject({ url });
    assert.equal(tile.headers['content-type'], 'application/vnd.mapbox-vector-tile');
    assert.equal(tile.headers['cache-control'], 'public, max-age=86400');
    const layer = new VectorTile(new PbfReader(tile.rawPayload)).layers.thermal!;
    assert.ok(layer.length > 1000);
    assert.equal(layer.extent, 4096);
    assert.deepEqual(Object.keys(layer.feature(0).properties), ['UTCI']);
  });

  test('compressed when the client accepts gzip; 304 on a matching ETag', async () => {
    const fc = (await catalog()).forecast[0];
    const template: string = (await inject({ url: fc.layers.wind.tilejson })).json().tiles[0];
    const t = tileAt(4.3525, 50.8467, 14);
    const url = template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`);
    const plain = await inject({ url });
    const zipped = await inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.ok(zipped.rawPayload.length < plain.rawPayload.length);
    assert.deepEqual(gunzipSync(zipped.rawPayload), plain.rawPayload);
    const revalidated = await inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    assert.equal(revalidated.statusCode, 304);
    for (const header of revalidatingIfNoneMatch(String(plain.headers.etag))) {
      assert.equal((await inject({ url, headers: { 'if-none-match': header } })).statusCode, 304, header);
    }
    assert.equal((await inject({ url, headers: { 'if-none-match': '"stale"' } })).statusCode, 200);
  });

  test('a hot tile (answered from the admission memo) is still refused when its URL is tampered with, expired or revoked', async () => {
    const own = await svc.createKey();
    const body = await catalog(own);
    const template: string = (await inject({ url: body.realtime.layers.thermal.tilejson })).json().tiles[0];
    const t = tileAt(4.3525, 50.8467, 15);
    const url = template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`);
    const first = await inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(first.statusCode, 200);
    const calls = model.calls.layerWindow;
    // the same URL again: same bytes and headers, from the cache, in both encodings
    const hot = await inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(hot.statusCode, 200);
    assert.deepEqual(hot.rawPayload, first.rawPayload);
    assert.equal(hot.headers.etag, first.headers.etag);
    assert.equal(hot.headers['content-encoding'], 'gzip');
    const plain = await inject({ url });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.rawPayload, gunzipSync(first.rawPayload));
    assert.equal(
      (await inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode,
      304,
    );
    assert.equal(model.calls.layerWindow, calls);
    // another signature on the same address, key and expiry
    const sig = /sig=([^&]+)/.exec(url)![1]!;
    const altered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    assertProblem(await inject({ url: url.replace(`sig=${sig}`, `sig=${altered}`) }), 401, 'unauthorized');
    assertProblem(await inject({ url: `${url}&sig=${sig}` }), 401, 'unauthorized');
    // at its expiry, to the millisecond
    const saved = now;
    now = Date.parse(body.meta.url_expires_utc);
    assertProblem(await inject({ url }), 401, 'url_expired');
    now = saved;
    assert.equal((await inject({ url })).statusCode, 200);
    // a new model version never answers with the old tile
    const version = model.version;
    model.version = 'grid-model-hot';
    try {
      assert.equal((await inject({ url })).statusCode, 200);
      assert.equal(model.calls.layerWindow, calls + 1);
    } finally {
      model.version = version;
    }
    // hot again (admitted for the current version), then revoked
    assert.equal((await inject({ url })).statusCode, 200);
    assert.equal((await inject({ url })).statusCode, 200);
    await svc.revokeKey(own);
    now += 5_000;
    try {
      assertProblem(await inject({ url }), 403, 'forbidden');
    } finally {
      now = saved;
    }
  });

  test('an empty tile is 204; unknown layer, step or address is 404', async () => {
    const body = await catalog();
    const template: string = (await inject({ url: body.static.buildings.tilejson })).json().tiles[0];
    const far = tileAt(5.9, 50.2, 14);
    const empty = await inject({ url: template.replace('{z}/{x}/{y}', `${far.z}/${far.x}/${far.y}`) });
    assert.equal(empty.statusCode, 204);
    assert.equal(empty.rawPayload.length, 0);
    const query = template.split('?')[1];
    assertProblem(
      await inject({ url: `/v1/map/brussels/tiles/buildings/14/8390/oops.mvt?${query}` }),
      404,
      'not_found',
    );
    assertProblem(
      await inject({ url: `/v1/map/brussels/tiles/buildings/25/0/0.mvt?${query}` }),
      404,
      'not_found',
    );
    const charleroi = await inject({ url: '/v1/map/charleroi', headers: auth() });
    const airTemplate = charleroi.json().forecast[0].layers.air;
    assert.equal(airTemplate, undefined, 'charleroi has no air layer');
    const rt = body.realtime;
    const rtQuery = rt.layers.thermal.tilejson.split('?')[1];
    // a layer the city does not carry, with a signature for another layer, is refused as unsigned-for-it
    assertProblem(
      await inject({ url: `/v1/map/brussels/tiles/noise/${rt.timestamp_ms}.json?${rtQuery}` }),
      401,
      'unauthorized',
    );
  });

  test('unsigned and tampered URLs are 401 unauthorized; past exp 401 url_expired; a revoked key is refused', async () => {
    const own = await svc.createKey();
    const body = await catalog(own);
    const link: string = body.realtime.layers.air.tilejson;
    const [path, query] = link.split('?');
    assertProblem(await inject({ url: path! }), 401, 'unauthorized');
    // the signature's first character changed (to another one: a signature may start with A)
    const tampered = query!.replace(/sig=(.)/, (_all, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    assertProblem(await inject({ url: `${path}?${tampered}` }), 401, 'unauthorized');
    assertProblem(await inject({ url: link.replace('/air/', '/wind/') }), 401, 'unauthorized');
    const saved = now;
    now = Date.parse(body.meta.url_expires_utc);
    assertProblem(await inject({ url: link }), 401, 'url_expired');
    now = saved;
    assert.equal((await inject({ url: link })).statusCode, 200);
    await svc.revokeKey(own);
    now += 5_000;
    assertProblem(await inject({ url: link }), 403, 'forbidden');
    now = saved;
  });
});

describe('model unavailable', () => {
  test('503 upstream_unavailable with nothing cached; then the last good catalog, stale, freshly signed', async () => {
    const down = new GridModel();
    const own = await startMapApp(down, { clock: () => now });
    try {
      const k = await own.createKey();
      down.available = false;
      assertProblem(
        await own.app.inject({ url: '/v1/map/brussels', headers: auth(k) }),
        503,
        'upstream_unavailable',
      );
      down.available = true;
      const fresh = (await own.app.inject({ url: '/v1/map/brussels', headers: auth(k) })).json();
      down.available = false;
      now += HOUR;
      const response = await own.app.inject({ url: '/v1/map/brussels', headers: auth(k) });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-cache'], 'stale');
      assert.equal(response.json().meta.generated_utc, fresh.meta.generated_utc);
      assert.notEqual(response.json().meta.url_expires_utc, fresh.meta.url_expires_utc);
    } finally {
      now -= HOUR;
      await own.close();
    }
  });
});

describe('model unavailable, cold tiles', () => {
  test('a tile the model cannot cut is a 503 problem document, and the same URL answers once it is back', async () => {
    const down = new GridModel();
    const own = await startMapApp(down, { clock: () => now });
    try {
      const k = await own.createKey();
      const body = (await own.app.inject({ url: '/v1/map/brussels', headers: auth(k) })).json();
      const t = tileAt(4.3525, 50.8467, 15);
      const at = (template: string) => template.replace('{z}/{x}/{y}', `${t.z}/${t.x}/${t.y}`);
      const air: string = (await own.app.inject({ url: body.realtime.layers.air.tilejson })).json().tiles[0];
      down.available = false;
      assertProblem(await own.app.inject({ url: at(air) }), 503, 'upstream_unavailable');
      down.available = true;
      assert.equal((await own.app.inject({ url: at(air) })).statusCode, 200);
    } finally {
      await own.close();
    }
  });
});

describe('browser assets', () => {
  test('the client is served under /sdk/map/v1/, MapLibre from its package, the demo page at /demo/', async () => {
    const sdk = await inject({ url: '/sdk/map/v1/svc-map.js' });
    assert.equal(sdk.statusCode, 200);
    assert.match(String(sdk.headers['content-type']), /javascript/);
    assert.match(sdk.body, /createSvcMap/);
    const maplibre = await inject({
      url: '/vendor/maplibre-gl/maplibre-gl.mjs',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(maplibre.statusCode, 200);
    assert.equal(maplibre.headers['content-encoding'], 'gzip');
    const demo = await inject({ url: '/demo/' });
    assert.equal(demo.statusCode, 200);
    assert.match(demo.body, /maplibre-gl\.css/);
    assert.equal((await inject({ url: '/demo' })).statusCode, 301);
    assert.equal((await inject({ url: '/vendor/maplibre-gl/package.json' })).statusCode, 404);
    assert.equal((await inject({ url: '/sdk/map/v1/..%2F..%2Fpackage.json' })).statusCode, 404);
  });
});
