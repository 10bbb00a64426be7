import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { packageRevision, readPackageDir } from '../../src/adapters/cities/package-dir.ts';
import { createCityPackageStore } from '../../src/adapters/cities/package-store.ts';
import { openDatabase } from '../../src/adapters/store/database.ts';
import { tileAt } from '../../src/domain/map/mercator.ts';
import { GridModel } from '../helpers/grid-model.ts';
import { revalidatingIfNoneMatch } from '../helpers/if-none-match-forms.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { MANIFEST, POINTS, writeTownPackage } from '../helpers/town.ts';

/**
 * The public basemap through the real app: the test town is imported into the service's
 * database before it starts, exactly as `svc cities import` leaves it, so its basemap is
 * read through the city-package code; Brussels is the shipped package.
 */
let svc: TestService;
let dataDir: string;
let packageDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-basemap-'));
  packageDir = mkdtempSync(join(tmpdir(), 'svc-basemap-town-'));
  writeTownPackage(packageDir);
  const files = await readPackageDir(packageDir);
  const database = await openDatabase({ dataDir });
  await createCityPackageStore(database.db).put('leuven', packageRevision(files), files, Date.now());
  await database.close();
  svc = await startTestService({ DATA_DIR: dataDir }, { model: new GridModel(), start: false });
});
after(async () => {
  await svc?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(packageDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  svc.composition.app.inject({ method: 'GET', url, headers });

function decode(body: Buffer) {
  return new VectorTile(new PbfReader(body));
}

function features(tile: VectorTile, layer: string) {
  const l = tile.layers[layer];
  const out: Array<{ type: number; properties: Record<string, unknown> }> = [];
  for (let i = 0; i < (l?.length ?? 0); i++) {
    const f = l!.feature(i);
    out.push({ type: f.type, properties: f.properties as Record<string, unknown> });
  }
  return out;
}

describe('basemap style', () => {
  test('is public JSON with OpenStreetMap and city attribution, local glyphs and the layers by class', async () => {
    const res = await get('/v1/basemap/leuven/style.json');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['cache-control'], 'public, max-age=300');
    const style = res.json();
    assert.equal(style.version, 8);
    const source = style.sources.basemap;
    assert.equal(source.type, 'vector');
    assert.ok(source.attribution.includes('© OpenStreetMap contributors'));
    assert.ok(source.attribution.includes(MANIFEST.attribution));
    assert.deepEqual(source.tiles, ['/v1/basemap/leuven/{z}/{x}/{y}.mvt']);
    assert.equal(style.glyphs, '/v1/basemap/glyphs/{fontstack}/{range}.pbf');
    const ids = style.layers.map((l: { id: string }) => l.id);
    for (const id of ['background', 'water', 'green', 'building', 'road', 'road-label', 'place-label'])
      assert.ok(ids.includes(id), `layer ${id} in ${ids.join(', ')}`);
    const label = style.layers.find((l: { id: string }) => l.id === 'road-label');
    assert.equal(label.layout['symbol-placement'], 'line');
    assert.deepEqual(label.layout['text-field'], ['get', 'name']);
    // every font a layer asks for is one the glyph route serves
    for (const layer of style.layers.filter((l: { type: string }) => l.type === 'symbol')) {
      const [font] = layer.layout['text-font'];
      const glyphs = await get(`/v1/basemap/glyphs/${encodeURIComponent(font)}/0-255.pbf`);
      assert.equal(glyphs.statusCode, 200, font);
    }
  });

  test('the TileJSON carries the same attribution and the zoom range', async () => {
    const res = await get('/v1/basemap/leuven/tiles.json');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.tilejson, '3.0.0');
    assert.match(body.attribution, /^© OpenStreetMap contributors; Test town/);
    assert.equal(body.minzoom, 10);
    assert.equal(body.maxzoom, 16);
    assert.ok(body.vector_layers.some((l: { id: string }) => l.id === 'roads'));
  });

  test('the shipped Brussels package has a style too; an unknown city is a 404 problem', async () => {
    const brussels = await get('/v1/basemap/brussels/style.json');
    assert.equal(brussels.statusCode, 200);
    assert.ok(brussels.json().sources.basemap.attribution.startsWith('© OpenStreetMap contributors; '));
    const unknown = await get('/v1/basemap/atlantis/style.json');
    assert.equal(unknown.statusCode, 404);
    assert.match(String(unknown.headers['content-type']), /application\/problem\+json/);
    assert.match(unknown.json().detail, /GET \/v1\/cities/);
  });
});

describe('basemap tiles', () => {
  const main = tileAt(POINTS.mainRoad.lon, POINTS.mainRoad.lat, 16);
  const url = `/v1/basemap/leuven/${main.z}/${main.x}/${main.y}.mvt`;

  test('a tile on the main road holds the named roads by class, buildings and the park', async () => {
    const res = await get(url);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.mapbox-vector-tile');
    assert.equal(res.headers['cache-control'], 'public, max-age=3600');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.match(String(res.headers.etag), /^"[\w-]+"$/);
    const tile = decode(res.rawPayload);
    const roads = features(tile, 'roads');
    const mainRoad = roads.find((f) => f.properties.name === 'Main Road');
    assert.ok(mainRoad, 'Main Road is in the tile');
    assert.equal(mainRoad.properties.class, 'primary');
    assert.equal(mainRoad.type, 2);
    assert.ok(roads.some((f) => f.properties.class === 'residential'));
    assert.ok(features(tile, 'buildings').length > 10);
    assert.equal(tile.layers.roads!.extent, 4096);
  });

  test('the pedestrian street and the park with its name at their places', async () => {
    const t = tileAt(POINTS.pedestrian.lon, POINTS.pedestrian.lat, 16);
    const roads = features(
      decode((await get(`/v1/basemap/leuven/16/${t.x}/${t.y}.mvt`)).rawPayload),
      'roads',
    );
    assert.ok(roads.some((f) => f.properties.name === 'Market Lane' && f.properties.class === 'pedestrian'));
    const p = tileAt(POINTS.park.lon, POINTS.park.lat, 14);
    const tile = decode((await get(`/v1/basemap/leuven/14/${p.x}/${p.y}.mvt`)).rawPayload);
    assert.ok(features(tile, 'green').some((f) => f.properties.class === 'park' && f.type === 3));
    assert.ok(features(tile, 'places').some((f) => f.properties.name === 'Town Park'));
  });

  test('gzip when accepted, the same tile; 304 on its ETag', async () => {
    const plain = await get(url);
    const zipped = await get(url, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(zipped.rawPayload), plain.rawPayload);
    const again = await get(url, { 'if-none-match': String(plain.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    for (const header of revalidatingIfNoneMatch(String(plain.headers.etag))) {
      assert.equal((await get(url, { 'if-none-match': header })).statusCode, 304, header);
    }
    assert.equal((await get(url, { 'if-none-match': '"stale"' })).statusCode, 200);
  });

  test('an empty tile is 204; outside the zoom range or the scheme, 404 saying the range', async () => {
    const far = tileAt(5.9, 49.6, 14);
    assert.equal((await get(`/v1/basemap/leuven/14/${far.x}/${far.y}.mvt`)).statusCode, 204);
    const low = await get('/v1/basemap/leuven/9/263/170.mvt');
    assert.equal(low.statusCode, 404);
    assert.match(low.json().detail, /from zoom 10 to 16/);
    assert.equal((await get('/v1/basemap/leuven/17/1/1.mvt')).statusCode, 404);
    assert.equal((await get('/v1/basemap/leuven/14/99999/1.mvt')).statusCode, 404);
    assert.equal((await get('/v1/basemap/leuven/14/1/1.png')).statusCode, 404);
  });

  test('the shipped Brussels package: a central tile holds roads', async () => {
    const t = tileAt(4.3525, 50.8467, 15);
    const res = await get(`/v1/basemap/brussels/15/${t.x}/${t.y}.mvt`);
    assert.equal(res.statusCode, 200);
    assert.ok(features(decode(res.rawPayload), 'roads').length > 0);
  });
});

describe('basemap glyphs', () => {
  test('a range of signed-distance glyphs as MapLibre reads them', async () => {
    const res = await get('/v1/basemap/glyphs/Inter%20Regular/0-255.pbf');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/x-protobuf');
    assert.equal(res.headers['cache-control'], 'public, max-age=86400');
    const glyphs = new Map<number, { bitmap?: Uint8Array; width: number; height: number; advance: number }>();
    let name = '';
    new PbfReader(res.rawPayload).readFields((tag, _, pbf) => {
      if (tag !== 1) return;
      pbf.readMessage((t, __, p) => {
        if (t === 1) name = p.readString();
        else if (t === 3) {
          const g = { id: 0, width: 0, height: 0, advance: 0 } as {
            id: number;
            bitmap?: Uint8Array;
            width: number;
            height: number;
            advance: number;
          };
          p.readMessage((k, ___, q) => {
            if (k === 1) g.id = q.readVarint();
            else if (k === 2) g.bitmap = q.readBytes();
            else if (k === 3) g.width = q.readVarint();
            else if (k === 4) g.height = q.readVarint();
            else if (k === 7) g.advance = q.readVarint();
            else if (k === 5 || k === 6) q.readSVarint();
          }, undefined);
          glyphs.set(g.id, g);
        }
      }, undefined);
    }, undefined);
    assert.equal(name, 'Inter Regular');
    const a = glyphs.get('A'.charCodeAt(0))!;
    assert.ok(a.width > 8 && a.height > 10 && a.advance > 10);
    assert.equal(a.bitmap!.length, (a.width + 6) * (a.height + 6));
    // the field runs from outside (0) to inside (255): the letter's strokes are in it
    assert.ok(Math.max(...a.bitmap!) > 200 && Math.min(...a.bitmap!) < 20);
    assert.ok(glyphs.has('é'.charCodeAt(0)), 'accented Latin letters for French and Dutch names');
  });

  test('an unknown font stack or a range not on 256 is a 404 naming the valid ones', async () => {
    const font = await get('/v1/basemap/glyphs/Comic%20Sans/0-255.pbf');
    assert.equal(font.statusCode, 404);
    assert.match(font.json().detail, /Inter Regular/);
    assert.equal((await get('/v1/basemap/glyphs/Inter%20Regular/1-256.pbf')).statusCode, 404);
  });
});
