import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  json,
  type Server,
  startServer,
  withParam,
} from '../helpers/acceptance.ts';

/**
 * Spec audit of the signed tile endpoints: the tile property layout of every layer (table under
 * "Map catalog and layers"), unauthorized on every kind of tile URL, compression.
 */

type Json = Record<string, unknown>;
type Layers = Record<string, { tilejson: string }>;
type Step = { timestamp: string; timestamp_ms: number; layers: Layers };

/** The tile properties each layer carries, from the spec table. */
const PROPERTIES: Record<string, string[]> = {
  thermal: ['UTCI'],
  wind: ['Ucomfort', 'Ugust'],
  air: ['C', 'C_PM25', 'C_PM10'],
  buildings: ['Height'],
};
/** z/x/y of the tile holding the Grand-Place at zoom 14 */
const GRAND_PLACE_TILE: [number, number, number] = [14, 8390, 5496];

let server: Server;
let key: CreatedKey;
let catalog: Json;

before(async () => {
  server = await startServer();
  key = await server.createKey(['--rate-per-min', '1000']);
  const response = await server.fetch('/map/brussels', { headers: bearer(key.key) });
  assert.equal(response.status, 200);
  catalog = await json(response);
});
after(async () => {
  await server?.close();
});

/** Every signed TileJSON URL of the catalog: [what, layer, url]. */
function tilejsonUrls(): Array<[string, string, string]> {
  const urls: Array<[string, string, string]> = [];
  for (const [layer, entry] of Object.entries(catalog.static as Layers))
    urls.push([`static ${layer}`, layer, entry.tilejson]);
  const realtime = catalog.realtime as Step;
  for (const [layer, entry] of Object.entries(realtime.layers))
    urls.push([`realtime ${layer}`, layer, entry.tilejson]);
  const forecast = (catalog.forecast as Step[])[1]!;
  for (const [layer, entry] of Object.entries(forecast.layers))
    urls.push([`forecast ${layer}`, layer, entry.tilejson]);
  return urls;
}

async function tileUrl(tilejson: string, [z, x, y]: [number, number, number]): Promise<string> {
  const response = await server.fetch(server.origin + tilejson);
  assert.equal(response.status, 200, tilejson);
  const template = ((await json(response)).tiles as string[])[0]!;
  return (
    server.origin + template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))
  );
}

const withQuery = (url: string, name: string, value: string) => withParam(url, server.origin, name, value);

/** A raw GET that keeps the body as sent (fetch would decompress it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('tile content', () => {
  test('every layer, realtime, forecast and static, carries exactly the properties of the spec table', async () => {
    const urls = tilejsonUrls();
    assert.deepEqual(
      [...new Set(urls.map(([, layer]) => layer))].sort(),
      ['air', 'buildings', 'thermal', 'wind'],
      'Brussels carries the four layers',
    );
    for (const [what, layer, tilejson] of urls) {
      const meta = await json(await server.fetch(server.origin + tilejson));
      const vectorLayer = (meta.vector_layers as Json[]).find((v) => v.id === layer);
      assert.ok(vectorLayer, `${what}: TileJSON vector layer ${layer}`);
      assert.deepEqual(Object.keys(vectorLayer.fields as Json).sort(), [...PROPERTIES[layer]!].sort(), what);

      const response = await fetch(await tileUrl(tilejson, GRAND_PLACE_TILE));
      assert.equal(response.status, 200, `${what}: the Grand-Place tile has data`);
      assert.equal(response.headers.get('content-type'), 'application/vnd.mapbox-vector-tile');
      const tile = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
      assert.deepEqual(Object.keys(tile.layers), [layer], `${what}: one MVT layer named ${layer}`);
      const mvt = tile.layers[layer]!;
      assert.ok(mvt.length > 0);
      for (let i = 0; i < Math.min(mvt.length, 200); i++) {
        const properties = mvt.feature(i).properties;
        assert.deepEqual(
          Object.keys(properties).sort(),
          [...PROPERTIES[layer]!].sort(),
          `${what} feature ${i}`,
        );
        for (const value of Object.values(properties))
          assert.ok(typeof value === 'number' && Number.isFinite(value), `${what}: numeric ${value}`);
      }
    }
  });

  test('a gzip-encoded tile decompresses to the identity bytes', async () => {
    const url = await tileUrl((catalog.realtime as Step).layers.wind!.tilejson, GRAND_PLACE_TILE);
    const plain = await rawGet(url, { 'Accept-Encoding': 'identity' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    assert.equal(gzip.status, 200);
    if (gzip.headers['content-encoding'] === 'gzip') {
      assert.deepEqual(gunzipSync(gzip.body), plain.body);
      assert.match(String(gzip.headers.vary), /accept-encoding/i, 'caches keep the encodings apart');
    } else assert.deepEqual(gzip.body, plain.body);
    assert.equal(gzip.headers['cache-control'], 'public, max-age=86400');
  });
});

describe('tile authorisation on every kind of URL', () => {
  // the signature is checked before the expiry: an exp moved into the past by the client
  // fails the signature (401 unauthorized), so a client cannot learn anything from exp;
  // a genuinely expired URL (401 url_expired) is covered on a fixed clock in test/http/map.test.ts
  test('an exp altered to the past answers 401 unauthorized on TileJSON and tiles, static, realtime and forecast', async () => {
    const past = String(Math.floor(Date.now() / 1000) - 1);
    for (const [what, , tilejson] of tilejsonUrls()) {
      await expectProblem(await fetch(withQuery(tilejson, 'exp', past)), 401, 'unauthorized', server.docsUrl);
      const tile = await tileUrl(tilejson, GRAND_PLACE_TILE);
      const response = await fetch(withQuery(tile, 'exp', past));
      assert.equal(response.status, 401, what);
      await expectProblem(response, 401, 'unauthorized', server.docsUrl);
    }
  });

  test('an unsigned TileJSON or tile URL answers 401 unauthorized', async () => {
    for (const [, , tilejson] of tilejsonUrls()) {
      const unsigned = new URL(tilejson, server.origin);
      unsigned.search = '';
      await expectProblem(await fetch(unsigned), 401, 'unauthorized', server.docsUrl);
      const tile = new URL(await tileUrl(tilejson, GRAND_PLACE_TILE));
      tile.search = '';
      await expectProblem(await fetch(tile), 401, 'unauthorized', server.docsUrl);
    }
  });

  test('a signed URL is bound to its city', async () => {
    const tilejson = (catalog.static as Layers).buildings!.tilejson;
    await expectProblem(
      await fetch(server.origin + tilejson.replace('/brussels/', '/charleroi/')),
      401,
      'unauthorized',
      server.docsUrl,
    );
  });
});
