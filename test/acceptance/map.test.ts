import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  json,
  requestIdOf,
  type Server,
  startServer,
  withParam,
} from '../helpers/acceptance.ts';
import { until } from '../helpers/until.ts';

/** Map catalog and signed tile endpoints. */

type Json = Record<string, unknown>;
type Layers = Record<string, { tilejson: string }>;
type Step = { timestamp: string; timestamp_ms: number; layers: Layers };

let server: Server;
let full: CreatedKey;
let realtimeOnly: CreatedKey;
let forecastOnly: CreatedKey;
let revoked: CreatedKey;
let catalog: Json;

/** z/x/y of the tile containing a point (web mercator). */
function tileOf(lat: number, lon: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [z, x, y];
}

const GRAND_PLACE_TILE = tileOf(50.8467, 4.3525, 14);

before(async () => {
  server = await startServer();
  [full, realtimeOnly, forecastOnly, revoked] = await Promise.all([
    server.createKey(['--rate-per-min', '1000']),
    server.createKey(['--horizons', 'realtime']),
    server.createKey(['--horizons', 'forecast', '--metrics', 'wind']),
    server.createKey(['--rate-per-min', '20']),
  ]);
  const response = await server.fetch('/map/brussels', { headers: bearer(full.key) });
  assert.equal(response.status, 200);
  catalog = await json(response);
});
after(async () => {
  await server?.close();
});

async function tileTemplate(tilejsonUrl: string): Promise<string> {
  const response = await server.fetch(server.origin + tilejsonUrl);
  assert.equal(response.status, 200, tilejsonUrl);
  return ((await json(response)).tiles as string[])[0]!;
}

function tileUrl(template: string, [z, x, y]: [number, number, number]): string {
  return (
    server.origin + template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))
  );
}

const withQuery = (url: string, name: string, value: string) => withParam(url, server.origin, name, value);

describe('GET /map/{city}', () => {
  test('the catalog: city, meta, static, realtime, forecast; relative signed URLs', async () => {
    assert.deepEqual(catalog.city, { id: 'brussels', name: 'Brussels', country: 'BE' });
    const meta = catalog.meta as Json;
    assert.equal(meta.crs, 'EPSG:3857');
    assert.equal(meta.tile_format, 'mvt');
    assert.equal(typeof meta.resolution_m, 'number');
    assert.ok(Date.parse(String(meta.generated_utc)) > 0);
    assert.ok(Number.isInteger(meta.catalog_ttl_s));
    const expires = Date.parse(String(meta.url_expires_utc));
    assert.ok(expires > Date.now(), 'URLs expire in the future');
    assert.equal(expires % 3_600_000, 0, 'signature expiry rounds up to the hour');
    const buildings = (catalog.static as Layers).buildings!;
    assert.match(buildings.tilejson, /^\/v1\/map\/brussels\/tiles\/buildings\.json\?/);
    const realtime = catalog.realtime as Step;
    assert.equal(Date.parse(realtime.timestamp), realtime.timestamp_ms);
    assert.equal(realtime.timestamp_ms % 3_600_000, 0);
    assert.ok(realtime.timestamp_ms <= Date.now());
    assert.deepEqual(Object.keys(realtime.layers).sort(), ['air', 'thermal', 'wind']);
    for (const [layer, entry] of Object.entries(realtime.layers)) {
      assert.match(
        entry.tilejson,
        new RegExp(`^/v1/map/brussels/tiles/${layer}/${realtime.timestamp_ms}\\.json\\?`),
      );
      const params = new URL(entry.tilejson, server.origin).searchParams;
      assert.ok(params.get('exp') && params.get('sig'), 'signed with exp and sig');
      assert.equal(Number(params.get('exp')) * 1000, expires, 'exp matches meta.url_expires_utc');
    }
    const forecast = catalog.forecast as Step[];
    assert.ok(forecast.length > 0);
    let previous = realtime.timestamp_ms;
    for (const step of forecast) {
      assert.ok(step.timestamp_ms > previous, 'forecast steps in time order, after the realtime hour');
      previous = step.timestamp_ms;
      assert.equal(Date.parse(step.timestamp), step.timestamp_ms);
      for (const layer of Object.keys(step.layers)) assert.ok(['thermal', 'wind', 'air'].includes(layer));
      for (const entry of Object.values(step.layers))
        assert.match(entry.tilejson, /^\/v1\/map\/brussels\/tiles\/forecast\//);
    }
    assert.ok(previous - realtime.timestamp_ms <= 49 * 3_600_000, 'within the forecast_hours ceiling');
  });

  test('X-Cache, rate-limit headers; a second fetch within 60 s is a hit', async () => {
    const response = await server.fetch('/map/brussels', { headers: bearer(full.key) });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-cache'), 'hit');
    assert.ok(response.headers.get('x-ratelimit-remaining'));
    await response.arrayBuffer();
  });

  test('horizon scope: realtime-only keys get an empty forecast; forecast-only keys get no realtime block', async () => {
    const rt = await json(await server.fetch('/map/brussels', { headers: bearer(realtimeOnly.key) }));
    assert.ok(rt.realtime);
    assert.deepEqual(rt.forecast, []);
    const fc = await json(await server.fetch('/map/brussels', { headers: bearer(forecastOnly.key) }));
    assert.equal('realtime' in fc, false);
    assert.ok((fc.forecast as Step[]).length > 0);
    // metric scope gates the data layers; buildings is scenery and never gated
    for (const step of fc.forecast as Step[]) assert.deepEqual(Object.keys(step.layers), ['wind']);
    assert.ok((fc.static as Layers).buildings);
  });

  test('a city carries the layers its catalog declares (Charleroi: no air)', async () => {
    const charleroi = await json(await server.fetch('/map/charleroi', { headers: bearer(full.key) }));
    const steps = [charleroi.realtime as Step, ...(charleroi.forecast as Step[])].filter(Boolean);
    for (const step of steps) assert.equal('air' in step.layers, false);
  });

  test('an unknown city is 404; no key is 401', async () => {
    await expectProblem(
      await server.fetch('/map/atlantis', { headers: bearer(full.key) }),
      404,
      'not_found',
      server.docsUrl,
    );
    await expectProblem(await server.fetch('/map/brussels'), 401, 'unauthorized', server.docsUrl);
  });
});

describe('tile endpoints', () => {
  test('TileJSON 3.0.0 with a tile template, vector layers, bounds and zoom range', async () => {
    const realtime = catalog.realtime as Step;
    const response = await server.fetch(server.origin + realtime.layers.wind!.tilejson);
    assert.equal(response.status, 200);
    requestIdOf(response);
    const tilejson = await json(response);
    assert.equal(tilejson.tilejson, '3.0.0');
    const tiles = tilejson.tiles as string[];
    assert.ok(tiles.length >= 1);
    assert.match(tiles[0]!, /\{z\}\/\{x\}\/\{y\}\.mvt/);
    const layers = tilejson.vector_layers as Json[];
    assert.equal(layers[0]!.id, 'wind');
    assert.deepEqual(Object.keys(layers[0]!.fields as Json).sort(), ['Ucomfort', 'Ugust']);
    assert.equal((tilejson.bounds as number[]).length, 4);
    assert.ok(Number.isInteger(tilejson.minzoom) && Number.isInteger(tilejson.maxzoom));
    const buildings = await json(
      await server.fetch(server.origin + (catalog.static as Layers).buildings!.tilejson),
    );
    assert.deepEqual(Object.keys(((buildings.vector_layers as Json[])[0]!.fields as Json) ?? {}), ['Height']);
  });

  test('a tile with data is 200 MVT; an empty tile is 204; both public, max-age=86400', async () => {
    const template = await tileTemplate((catalog.realtime as Step).layers.thermal!.tilejson);
    const full = await fetch(tileUrl(template, GRAND_PLACE_TILE));
    assert.equal(full.status, 200);
    requestIdOf(full);
    assert.equal(full.headers.get('cache-control'), 'public, max-age=86400');
    assert.doesNotMatch(full.headers.get('content-type') ?? '', /json/);
    assert.ok((await full.arrayBuffer()).byteLength > 0);
    const empty = await fetch(tileUrl(template, [14, 0, 0]));
    assert.equal(empty.status, 204);
    requestIdOf(empty);
    assert.equal(empty.headers.get('cache-control'), 'public, max-age=86400');
    assert.equal((await empty.arrayBuffer()).byteLength, 0);
    const forecastTemplate = await tileTemplate((catalog.forecast as Step[])[0]!.layers.wind!.tilejson);
    const forecastTile = await fetch(tileUrl(forecastTemplate, GRAND_PLACE_TILE));
    assert.equal(forecastTile.status, 200);
    await forecastTile.arrayBuffer();
    const buildingsTemplate = await tileTemplate((catalog.static as Layers).buildings!.tilejson);
    const buildingTile = await fetch(tileUrl(buildingsTemplate, GRAND_PLACE_TILE));
    assert.equal(buildingTile.status, 200);
    assert.equal(buildingTile.headers.get('cache-control'), 'public, max-age=86400');
    await buildingTile.arrayBuffer();
  });

  test('an altered exp fails the signature first (401 unauthorized); TileJSON is cached no longer than its URLs live', async () => {
    const tilejsonUrl = server.origin + (catalog.realtime as Step).layers.thermal!.tilejson;
    const tilejson = await server.fetch(tilejsonUrl);
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(tilejson.headers.get('cache-control') ?? '')?.[1]);
    const expS = Number(new URL(tilejsonUrl).searchParams.get('exp'));
    assert.ok(maxAge > 0 && maxAge <= expS - Math.floor(Date.now() / 1000) + 1, `max-age ${maxAge}`);
    await tilejson.arrayBuffer();
    const template = await tileTemplate((catalog.realtime as Step).layers.thermal!.tilejson);
    const url = tileUrl(template, GRAND_PLACE_TILE);
    await expectProblem(await fetch(withQuery(url, 'exp', '1000')), 401, 'unauthorized', server.docsUrl);
  });

  test('unsigned or tampered URLs are 401 unauthorized', async () => {
    const template = await tileTemplate((catalog.realtime as Step).layers.thermal!.tilejson);
    const url = tileUrl(template, GRAND_PLACE_TILE);
    const sig = new URL(url).searchParams.get('sig')!;
    const flipped = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const unsigned = new URL(url);
    unsigned.search = '';
    await expectProblem(await fetch(unsigned), 401, 'unauthorized', server.docsUrl);
    await expectProblem(
      await fetch(withQuery(url, 'sig', flipped(sig, 0))),
      401,
      'unauthorized',
      server.docsUrl,
    );
    await expectProblem(
      await fetch(withQuery(url, 'sig', flipped(sig, 20))),
      401,
      'unauthorized',
      server.docsUrl,
    );
    await expectProblem(await fetch(withQuery(url, 'sig', '')), 401, 'unauthorized', server.docsUrl);
    // the last character carries spare bits: changing it must still fail
    const last = sig.length - 1;
    const lastChanged = sig.slice(0, last) + (sig[last] === '0' ? '3' : '0');
    await expectProblem(await fetch(withQuery(url, 'sig', lastChanged)), 401, 'unauthorized', server.docsUrl);
    // bound to one layer: the thermal signature does not open the wind layer
    await expectProblem(await fetch(url.replace('/thermal/', '/wind/')), 401, 'unauthorized', server.docsUrl);
    // bound to one key
    await expectProblem(
      await fetch(withQuery(url, 'key', '00000000-0000-4000-8000-000000000000')),
      401,
      'unauthorized',
      server.docsUrl,
    );
    // a later exp with the old signature is a forgery
    const exp = Number(new URL(url).searchParams.get('exp'));
    await expectProblem(
      await fetch(withQuery(url, 'exp', String(exp + 3600))),
      401,
      'unauthorized',
      server.docsUrl,
    );
  });

  test('tile requests do not count against the key rate limit', async () => {
    const first = await server.fetch('/key', { headers: bearer(full.key) });
    const before = Number(first.headers.get('x-ratelimit-remaining'));
    await first.arrayBuffer();
    const tilejson = (catalog.realtime as Step).layers.air!.tilejson;
    const template = await tileTemplate(tilejson);
    for (let i = 0; i < 5; i++) {
      const response = await fetch(
        tileUrl(template, [14, GRAND_PLACE_TILE[1] + (i % 2), GRAND_PLACE_TILE[2]]),
      );
      assert.ok(response.status === 200 || response.status === 204);
      await response.arrayBuffer();
    }
    const second = await server.fetch('/key', { headers: bearer(full.key) });
    const after = Number(second.headers.get('x-ratelimit-remaining'));
    await second.arrayBuffer();
    const sameWindow = second.headers.get('x-ratelimit-reset') === first.headers.get('x-ratelimit-reset');
    if (sameWindow) assert.equal(after, before - 1, 'only the /key request was counted');
    else assert.equal(after, 1000 - 1, 'a new window counts only the /key request');
  });

  test("a revoked key's signed URLs stop working within 5 seconds", async () => {
    const own = await json(await server.fetch('/map/brussels', { headers: bearer(revoked.key) }));
    const template = await tileTemplate((own.realtime as Step).layers.wind!.tilejson);
    const url = tileUrl(template, GRAND_PLACE_TILE);
    const ok = await fetch(url);
    assert.equal(ok.status, 200);
    await ok.arrayBuffer();
    await server.revokeKey(revoked.key);
    const status = await until(
      async () => {
        const response = await fetch(url);
        await response.arrayBuffer();
        return response.status >= 400 ? response.status : undefined;
      },
      { timeoutMs: 5000, intervalMs: 100, what: "the revoked key's tile refused" },
    );
    // the signature is still genuine: it is the key that is deactivated, so 403 (spec, Authentication 6)
    assert.equal(status, 403, `refused within 5 s (got ${status})`);
    const problem = await fetch(url);
    assert.match(problem.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.equal(((await problem.json()) as { code: string }).code, 'forbidden');
  });

  test('a tile address with no data is 404; a wrong layer or city is 401 or 404, never 5xx', async () => {
    const template = await tileTemplate((catalog.realtime as Step).layers.thermal!.tilejson);
    await expectProblem(await fetch(tileUrl(template, [30, 1, 1])), 404, 'not_found', server.docsUrl);
    for (const mangled of [
      tileUrl(template, GRAND_PLACE_TILE).replace('/brussels/', '/atlantis/'),
      tileUrl(template, GRAND_PLACE_TILE).replace('/thermal/', '/noise/'),
      tileUrl(template, GRAND_PLACE_TILE).replace(/\/(\d+)\/14\//, '/abc/14/'),
    ]) {
      const response = await fetch(mangled);
      assert.ok([401, 404].includes(response.status), `${mangled} → ${response.status}`);
      await response.arrayBuffer();
    }
  });
});
