import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GridGeometry, LayerWindow } from '../../../src/domain/grid/model-data.ts';
import {
  blocksInTile,
  blockWindow,
  cellSquares,
  MAX_SQUARES_PER_SIDE,
  squareFeatures,
  strideFor,
  TILE_EXTENT,
} from '../../../src/domain/map/cell-squares.ts';
import { latToTileY, lonToTileX, tileAt, tileBounds } from '../../../src/domain/map/mercator.ts';

// A 10 m-ish grid over central Brussels: 0.000142 deg of longitude, 0.00009 deg of latitude.
const GRID: GridGeometry = { west: 4.33, north: 50.87, dLon: 0.000142, dLat: 0.00009, cols: 500, rows: 450 };

/** A window whose UTCI value encodes the absolute cell position: col + 1000 * row. */
function windowFor(
  win: { west: number; east: number; south: number; north: number },
  nanAt?: (c: number, r: number) => boolean,
): LayerWindow {
  const col0 = Math.max(0, Math.floor((win.west - GRID.west) / GRID.dLon));
  const col1 = Math.min(GRID.cols, Math.ceil((win.east - GRID.west) / GRID.dLon));
  const row0 = Math.max(0, Math.floor((GRID.north - win.north) / GRID.dLat));
  const row1 = Math.min(GRID.rows, Math.ceil((GRID.north - win.south) / GRID.dLat));
  const cols = col1 - col0;
  const rows = row1 - row0;
  const utci = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      utci[r * cols + c] = nanAt?.(col0 + c, row0 + r) ? Number.NaN : col0 + c + 1000 * (row0 + r);
  return { col0, row0, cols, rows, fields: { UTCI: utci } };
}

test('a z15 tile over 10 m cells keeps native resolution; z14 and lower coarsen to stay within budget', () => {
  assert.equal(strideFor(GRID, { z: 15, x: 16780, y: 10992 }), 1);
  assert.equal(strideFor(GRID, { z: 14, x: 8390, y: 5496 }), 2);
  for (const z of [10, 11, 12, 13, 14, 15, 16]) {
    const t = tileAt(4.3525, 50.8467, z);
    const b = tileBounds(t);
    assert.ok((b.east - b.west) / GRID.dLon / strideFor(GRID, t) <= MAX_SQUARES_PER_SIDE, `z${z}`);
  }
});

test('each native cell becomes one square at its exact tile position carrying the cell value', () => {
  const tile = { z: 15, x: 16780, y: 10992 };
  const blocks = blocksInTile(GRID, tile, 1)!;
  const features = squareFeatures(cellSquares(GRID, windowFor(blockWindow(GRID, blocks)), tile, blocks));
  assert.ok(features.length > 60 * 60, `${features.length} squares`);
  // the cell holding the Grand-Place
  const col = Math.floor((4.3525 - GRID.west) / GRID.dLon);
  const row = Math.floor((GRID.north - 50.8467) / GRID.dLat);
  const square = features.find((f) => f.tags.UTCI === col + 1000 * row);
  assert.ok(square, 'square of the Grand-Place cell');
  const ring = square.geometry[0]!;
  const x0 = (lonToTileX(GRID.west + col * GRID.dLon, 15) - tile.x) * TILE_EXTENT;
  const y0 = (latToTileY(GRID.north - row * GRID.dLat, 15) - tile.y) * TILE_EXTENT;
  assert.deepEqual(ring[0], [Math.round(x0), Math.round(y0)]);
  assert.equal(ring.length, 5, 'closed ring of four corners');
  assert.deepEqual(ring[4], ring[0]);
  // clockwise on screen: x grows first along the top edge, then y grows
  assert.ok(ring[1]![0] > ring[0]![0] && ring[2]![1] > ring[1]![1]);
});

test('coarse squares carry the mean of the valid values of their block and skip all-missing blocks', () => {
  const tile = tileAt(GRID.west + 0.0001, GRID.north - 0.0001, 13);
  const stride = strideFor(GRID, tile);
  assert.equal(stride, 4);
  const blocks = blocksInTile(GRID, tile, stride)!;
  // the first block (cols 0-3, rows 0-3) is missing but for one cell; the second entirely missing
  const nanAt = (c: number, r: number) => r < 4 && c < 8 && !(c === 1 && r === 2);
  const features = squareFeatures(
    cellSquares(GRID, windowFor(blockWindow(GRID, blocks), nanAt), tile, blocks),
  );
  const values = new Set(features.map((f) => f.tags.UTCI));
  assert.ok(values.has(1 + 2000), 'lone valid cell is the block mean');
  // block cols 8-11 rows 0-3: mean of c + 1000 r = 9.5 + 1500
  assert.ok(values.has(9.5 + 1500), 'mean of a full block');
  assert.ok(!features.some((f) => f.tags.UTCI === undefined));
  // block cols 4-7 rows 0-3 is all missing: no value in 4..7 + 1000 r, r < 4 can appear
  assert.ok(![...values].some((v) => typeof v === 'number' && v < 4000 && v % 1000 >= 4 && v % 1000 < 8));
});

test('a tile away from the grid has no blocks', () => {
  assert.equal(blocksInTile(GRID, tileAt(5.5, 50.6, 14), 2), null);
});

test('neighbouring tiles agree on the squares along their shared edge', () => {
  const left = { z: 14, x: 8390, y: 5496 };
  const right = { z: 14, x: 8391, y: 5496 };
  // the values of the squares that the shared edge line passes through, seen from either tile
  const edgeValues = (tile: typeof left, atX: number) => {
    const blocks = blocksInTile(GRID, tile, 2)!;
    return [
      ...new Set(
        squareFeatures(cellSquares(GRID, windowFor(blockWindow(GRID, blocks)), tile, blocks))
          .filter((f) => f.geometry[0]![0]![0] < atX && f.geometry[0]![1]![0] > atX)
          .map((f) => f.tags.UTCI),
      ),
    ].sort();
  };
  const fromLeft = edgeValues(left, TILE_EXTENT);
  assert.ok(fromLeft.length > 30, `${fromLeft.length} squares across the edge`);
  assert.deepEqual(fromLeft, edgeValues(right, 0));
});
