import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { buildingFeatures, signedArea } from '../../../src/domain/map/building-features.ts';
import { TILE_EXTENT } from '../../../src/domain/map/cell-squares.ts';
import { tileBounds } from '../../../src/domain/map/mercator.ts';
import { encodeTile } from '../../../src/domain/map/mvt.ts';

const TILE = { z: 15, x: 16780, y: 10992 };

test('an MVT 2 layer named after the catalog layer carries the squares and their properties', () => {
  const squares = {
    count: 2,
    x0: Int32Array.from([0, 32]),
    y0: Int32Array.from([0, 0]),
    x1: Int32Array.from([32, 64]),
    y1: Int32Array.from([32, 32]),
    values: { Ucomfort: Float64Array.from([3.25, 4]), Ugust: Float64Array.from([7.5, Number.NaN]) },
  };
  const bytes = encodeTile([{ name: 'wind', squares }]);
  assert.ok(bytes);
  const tile = new VectorTile(new PbfReader(bytes));
  assert.deepEqual(Object.keys(tile.layers), ['wind']);
  const layer = tile.layers.wind!;
  assert.equal(layer.version, 2);
  assert.equal(layer.extent, 4096);
  assert.equal(layer.length, 2);
  assert.deepEqual({ ...layer.feature(1).properties }, { Ucomfort: 4 }, 'a missing value is left out');
  const feature = layer.feature(0);
  assert.equal(feature.type, 3);
  assert.deepEqual({ ...feature.properties }, { Ucomfort: 3.25, Ugust: 7.5 });
  const ring = feature.loadGeometry()[0]!.map((p) => [p.x, p.y]);
  assert.deepEqual(ring, [
    [0, 0],
    [32, 0],
    [32, 32],
    [0, 32],
    [0, 0],
  ]);
});

test('a tile with no feature in any layer encodes to nothing (served as 204)', () => {
  assert.equal(encodeTile([{ name: 'thermal', polygons: [] }]), null);
  assert.equal(encodeTile([]), null);
});

test('building footprints become clockwise polygons with Height, whichever way the ring was drawn', () => {
  const b = tileBounds(TILE);
  const w = b.west + (b.east - b.west) * 0.25;
  const e = b.west + (b.east - b.west) * 0.5;
  const n = b.north - (b.north - b.south) * 0.25;
  const s = b.north - (b.north - b.south) * 0.5;
  const anticlockwiseOnScreen: Array<[number, number]> = [
    [w, n],
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ];
  const [feature] = buildingFeatures([{ ring: anticlockwiseOnScreen, heightM: 23.456 }], TILE);
  assert.ok(feature);
  assert.deepEqual(feature.tags, { Height: 23.5 });
  const ring = feature.geometry[0]!;
  assert.ok(signedArea(ring) > 0, 'clockwise with y down');
  const xs = ring.map(([x]) => x);
  assert.equal(Math.min(...xs), TILE_EXTENT / 4);
  assert.equal(Math.max(...xs), TILE_EXTENT / 2);

  const decoded = new VectorTile(
    new PbfReader(encodeTile([{ name: 'buildings', polygons: [feature] }])!),
  ).layers.buildings!.feature(0);
  assert.equal(decoded.properties.Height, 23.5);
  assert.equal(decoded.loadGeometry().length, 1, 'one exterior ring');
  assert.deepEqual(
    decoded.loadGeometry()[0]!.map((p) => [p.x, p.y]),
    ring,
    'the ring decodes to the same pixels, closed',
  );
});

test('a footprint that collapses to a point at this zoom is left out', () => {
  const b = tileBounds(TILE);
  const tiny: Array<[number, number]> = [
    [b.west + 1e-9, b.north - 1e-9],
    [b.west + 2e-9, b.north - 1e-9],
    [b.west + 2e-9, b.north - 2e-9],
    [b.west + 1e-9, b.north - 1e-9],
  ];
  assert.deepEqual(buildingFeatures([{ ring: tiny, heightM: 10 }], TILE), []);
});
