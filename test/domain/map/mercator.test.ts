import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isValidTile,
  latToTileY,
  lonToTileX,
  tileAt,
  tileBounds,
  tileWidthMetres,
  toMercatorMetres,
} from '../../../src/domain/map/mercator.ts';

// Test vectors: DOMAIN.md §7.4 (Grand-Place, 4.3525 E 50.8467 N).
const GRAND_PLACE = { lon: 4.3525, lat: 50.8467 };

test('Grand-Place falls in the tiles of the reference vectors at z10, z14, z15 and z17', () => {
  assert.deepEqual(tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 10), { z: 10, x: 524, y: 343 });
  assert.deepEqual(tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 14), { z: 14, x: 8390, y: 5496 });
  assert.deepEqual(tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15), { z: 15, x: 16780, y: 10992 });
  assert.deepEqual(tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 17), { z: 17, x: 67120, y: 43968 });
});

test('tile z15/16780/10992 spans lon 4.35059..4.36157 and lat 50.84063..50.84757', () => {
  const b = tileBounds({ z: 15, x: 16780, y: 10992 });
  assert.ok(Math.abs(b.west - 4.35059) < 1e-5, `west ${b.west}`);
  assert.ok(Math.abs(b.east - 4.36157) < 1e-5, `east ${b.east}`);
  assert.ok(Math.abs(b.south - 50.84063) < 1e-5, `south ${b.south}`);
  assert.ok(Math.abs(b.north - 50.84757) < 1e-5, `north ${b.north}`);
});

test('Grand-Place in EPSG:3857 metres is (484518.08, 6594221.40)', () => {
  const [x, y] = toMercatorMetres(GRAND_PLACE.lon, GRAND_PLACE.lat);
  assert.ok(Math.abs(x - 484518.08) < 0.01, `x ${x}`);
  assert.ok(Math.abs(y - 6594221.4) < 0.01, `y ${y}`);
});

test('a z15 tile at 50.85 N is about 772.1 m wide, z16 386.1 m, z17 193.0 m', () => {
  assert.ok(Math.abs(tileWidthMetres(50.85, 15) - 772.1) < 0.1);
  assert.ok(Math.abs(tileWidthMetres(50.85, 16) - 386.1) < 0.1);
  assert.ok(Math.abs(tileWidthMetres(50.85, 17) - 193.0) < 0.1);
});

test('fractional tile position and tile corners invert each other', () => {
  const b = tileBounds({ z: 12, x: 2097, y: 1372 });
  assert.ok(Math.abs(lonToTileX(b.west, 12) - 2097) < 1e-9);
  assert.ok(Math.abs(latToTileY(b.north, 12) - 1372) < 1e-9);
  assert.ok(Math.abs(latToTileY(b.south, 12) - 1373) < 1e-9);
});

test('tile addresses outside the scheme are invalid', () => {
  assert.equal(isValidTile({ z: 3, x: 7, y: 7 }), true);
  assert.equal(isValidTile({ z: 3, x: 8, y: 0 }), false);
  assert.equal(isValidTile({ z: 3, x: -1, y: 0 }), false);
  assert.equal(isValidTile({ z: 2.5, x: 0, y: 0 }), false);
  assert.equal(isValidTile({ z: 31, x: 0, y: 0 }), false);
});
