import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LAYERS } from '../../../src/domain/map/layers.ts';
import { buildTileJson } from '../../../src/domain/map/tilejson.ts';

test('TileJSON 3.0.0 with a relative signed tile template, vector layer fields, bounds and zooms', () => {
  const stepMs = Date.UTC(2026, 5, 1, 9);
  const body = buildTileJson({
    layer: LAYERS.wind,
    cityName: 'Brussels',
    attribution: 'synthetic',
    tilesPath: `/map/brussels/tiles/wind/${stepMs}`,
    signedQuery: 'key=k1&exp=1&sig=abc',
    bounds: [4.32, 50.82, 4.41, 50.87],
    stepMs,
  });
  assert.equal(body.tilejson, '3.0.0');
  assert.deepEqual(body.tiles, [
    `/v1/map/brussels/tiles/wind/${stepMs}/{z}/{x}/{y}.mvt?key=k1&exp=1&sig=abc`,
  ]);
  assert.deepEqual(body.vector_layers, [
    {
      id: 'wind',
      description: LAYERS.wind.description,
      fields: { Ucomfort: 'Wind (m/s)', Ugust: 'Gust (m/s)' },
      minzoom: 10,
      maxzoom: 16,
    },
  ]);
  assert.deepEqual(body.bounds, [4.32, 50.82, 4.41, 50.87]);
  assert.equal(body.minzoom, 10);
  assert.equal(body.maxzoom, 16);
  assert.deepEqual(body.center, [4.365, 50.845, 14]);
  assert.equal(body.timestamp_ms, stepMs);
  assert.equal(body.scheme, 'xyz');
});

test('a static layer carries no timestamp and its own zoom range', () => {
  const body = buildTileJson({
    layer: LAYERS.buildings,
    cityName: 'Brussels',
    attribution: 'synthetic',
    tilesPath: '/map/brussels/tiles/buildings',
    signedQuery: 'key=k1&exp=1&sig=abc',
    bounds: [4.32, 50.82, 4.41, 50.87],
    stepMs: null,
  });
  assert.equal(body.timestamp, undefined);
  assert.deepEqual(body.vector_layers[0]!.fields, { Height: 'Height (m)' });
  assert.equal(body.minzoom, 13);
});

test('PUBLIC_BASE_URL makes the tile template absolute, placeholders intact; bad values are refused', async () => {
  const { parseConfig } = await import('../../../src/config.ts');
  assert.equal(parseConfig({}).publicBaseUrl, undefined);
  const config = parseConfig({ PUBLIC_BASE_URL: 'https://api.example.com/svc/' });
  assert.equal(config.publicBaseUrl, 'https://api.example.com/svc');
  for (const bad of [
    'ftp://api.example.com',
    'https://api.example.com/?x=1',
    'https://u:p@api.example.com',
  ]) {
    assert.throws(() => parseConfig({ PUBLIC_BASE_URL: bad }), /PUBLIC_BASE_URL/, bad);
  }
  const body = buildTileJson({
    layer: LAYERS.buildings,
    cityName: 'Brussels',
    attribution: 'synthetic',
    tilesPath: '/map/brussels/tiles/buildings',
    signedQuery: 'key=k1&exp=1&sig=abc',
    bounds: [4.32, 50.82, 4.41, 50.87],
    stepMs: null,
    publicBaseUrl: config.publicBaseUrl,
  });
  assert.deepEqual(body.tiles, [
    'https://api.example.com/svc/v1/map/brussels/tiles/buildings/{z}/{x}/{y}.mvt?key=k1&exp=1&sig=abc',
  ]);
});
