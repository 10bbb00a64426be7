import type { GridGeometry, LayerWindow, LonLatWindow } from '../grid/model-data.ts';
import { latToTileY, lonToTileX, type TileAddress, tileBounds } from './mercator.ts';
import type { VtFeature } from './vt-feature.ts';

/**
 * Cuts one tile out of a regular lon/lat grid: every cell (or, at low zooms, every
 * block of stride × stride cells) becomes an axis-aligned square in tile coordinates
 * carrying the mean of the valid values of each field. Blocks are aligned on the
 * domain grid, not on the tile, so neighbouring tiles agree on every square.
 */

export const TILE_EXTENT = 4096;
/** geometry kept beyond the tile edge so renderers draw no seams */
export const TILE_BUFFER = 64;
/** at most this many squares along a tile side; coarser blocks beyond it */
export const MAX_SQUARES_PER_SIDE = 128;

/** Cells per block side at this tile: the smallest power of two keeping a tile within budget. */
export function strideFor(grid: GridGeometry, tile: TileAddress): number {
  const bounds = tileBounds(tile);
  const cellsPerSide = (bounds.east - bounds.west) / grid.dLon;
  let stride = 1;
  while (cellsPerSide / stride > MAX_SQUARES_PER_SIDE) stride *= 2;
  return stride;
}

export interface BlockRange {
  /** first and last block column and row (inclusive) touching the tile and its buffer */
  bc0: number;
  bc1: number;
  br0: number;
  br1: number;
  stride: number;
}

/** The blocks of the grid that touch a tile, or null when the tile misses the grid. */
export function blocksInTile(grid: GridGeometry, tile: TileAddress, stride: number): BlockRange | null {
  const b = tileBounds(tile);
  const padLon = ((b.east - b.west) * TILE_BUFFER) / TILE_EXTENT;
  const padLat = ((b.north - b.south) * TILE_BUFFER) / TILE_EXTENT;
  const colStart = Math.max(0, (b.west - padLon - grid.west) / grid.dLon);
  const colEnd = Math.min(grid.cols, (b.east + padLon - grid.west) / grid.dLon);
  const rowStart = Math.max(0, (grid.north - (b.north + padLat)) / grid.dLat);
  const rowEnd = Math.min(grid.rows, (grid.north - (b.south - padLat)) / grid.dLat);
  if (colEnd <= colStart || rowEnd <= rowStart) return null;
  return {
    bc0: Math.floor(colStart / stride),
    bc1: Math.ceil(colEnd / stride) - 1,
    br0: Math.floor(rowStart / stride),
    br1: Math.ceil(rowEnd / stride) - 1,
    stride,
  };
}

/**
 * The lon/lat window covering whole blocks, to ask the model for. Pulled in by a
 * hair on every side so that a window edge lying exactly on a cell edge does not
 * drag in the neighbouring row or column.
 */
export function blockWindow(grid: GridGeometry, blocks: BlockRange): LonLatWindow {
  const { bc0, bc1, br0, br1, stride } = blocks;
  const c0 = bc0 * stride;
  const c1 = Math.min(grid.cols, (bc1 + 1) * stride);
  const r0 = br0 * stride;
  const r1 = Math.min(grid.rows, (br1 + 1) * stride);
  const hairLon = grid.dLon * 1e-6;
  const hairLat = grid.dLat * 1e-6;
  return {
    west: grid.west + c0 * grid.dLon + hairLon,
    east: grid.west + c1 * grid.dLon - hairLon,
    north: grid.north - r0 * grid.dLat - hairLat,
    south: grid.north - r1 * grid.dLat + hairLat,
  };
}

/** Values are physical quantities; two decimals is far below model precision and lets tiles share values. */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function clampPx(v: number): number {
  return Math.max(-TILE_BUFFER, Math.min(TILE_EXTENT + TILE_BUFFER, v));
}

/**
 * Squares in columns rather than objects: a z15 tile holds thousands, and the encoder
 * reads them straight from these arrays. `values[field][i]` is NaN where the block had
 * no valid value for that field.
 */
export interface Squares {
  count: number;
  x0: Int32Array;
  y0: Int32Array;
  x1: Int32Array;
  y1: Int32Array;
  values: Record<string, Float64Array>;
}

/** Squares with the mean of each field's valid values; blocks with no valid value are left out. */
export function cellSquares(
  grid: GridGeometry,
  window: LayerWindow,
  tile: TileAddress,
  blocks: BlockRange,
): Squares {
  const { bc0, bc1, br0, br1, stride } = blocks;
  const nbc = bc1 - bc0 + 1;
  const nbr = br1 - br0 + 1;
  const names = Object.keys(window.fields);
  const sums = names.map(() => new Float64Array(nbc * nbr));
  const counts = names.map(() => new Uint32Array(nbc * nbr));

  // which block each window column falls in (-1 outside), computed once
  const colBlock = new Int32Array(window.cols);
  for (let c = 0; c < window.cols; c++) {
    const bc = Math.floor((window.col0 + c) / stride) - bc0;
    colBlock[c] = bc >= 0 && bc < nbc ? bc : -1;
  }
  for (let f = 0; f < names.length; f++) {
    const data = window.fields[names[f]!]!;
    const sum = sums[f]!;
    const count = counts[f]!;
    for (let r = 0; r < window.rows; r++) {
      const br = Math.floor((window.row0 + r) / stride) - br0;
      if (br < 0 || br >= nbr) continue;
      const rowSlot = br * nbc;
      const rowStart = r * window.cols;
      for (let c = 0; c < window.cols; c++) {
        const bc = colBlock[c]!;
        const v = data[rowStart + c]!;
        // NaN: no reading in that cell
        if (bc < 0 || Number.isNaN(v)) continue;
        sum[rowSlot + bc]! += v;
        count[rowSlot + bc]! += 1;
      }
    }
  }

  // block edges in tile pixels, once per column and row since squares are axis-aligned
  const xs = new Int32Array(nbc + 1);
  for (let i = 0; i <= nbc; i++) {
    const col = Math.min(grid.cols, (bc0 + i) * stride);
    xs[i] = clampPx(Math.round((lonToTileX(grid.west + col * grid.dLon, tile.z) - tile.x) * TILE_EXTENT));
  }
  const ys = new Int32Array(nbr + 1);
  for (let i = 0; i <= nbr; i++) {
    const row = Math.min(grid.rows, (br0 + i) * stride);
    ys[i] = clampPx(Math.round((latToTileY(grid.north - row * grid.dLat, tile.z) - tile.y) * TILE_EXTENT));
  }

  const capacity = nbc * nbr;
  const out: Squares = {
    count: 0,
    x0: new Int32Array(capacity),
    y0: new Int32Array(capacity),
    x1: new Int32Array(capacity),
    y1: new Int32Array(capacity),
    values: Object.fromEntries(names.map((n) => [n, new Float64Array(capacity)])),
  };
  const columns = names.map((n) => out.values[n]!);
  for (let br = 0; br < nbr; br++) {
    const y0 = ys[br]!;
    const y1 = ys[br + 1]!;
    if (y1 <= y0) continue;
    for (let bc = 0; bc < nbc; bc++) {
      const x0 = xs[bc]!;
      const x1 = xs[bc + 1]!;
      if (x1 <= x0) continue;
      const slot = br * nbc + bc;
      let any = false;
      for (let f = 0; f < names.length; f++) if (counts[f]![slot]! > 0) any = true;
      if (!any) continue;
      const i = out.count++;
      out.x0[i] = x0;
      out.y0[i] = y0;
      out.x1[i] = x1;
      out.y1[i] = y1;
      for (let f = 0; f < names.length; f++) {
        const n = counts[f]![slot]!;
        columns[f]![i] = n === 0 ? Number.NaN : round2(sums[f]![slot]! / n);
      }
    }
  }
  return out;
}

/** The squares as polygon features, clockwise with y down (the winding MVT 2 asks for). */
export function squareFeatures(squares: Squares): VtFeature[] {
  const features: VtFeature[] = [];
  for (let i = 0; i < squares.count; i++) {
    const x0 = squares.x0[i]!;
    const y0 = squares.y0[i]!;
    const x1 = squares.x1[i]!;
    const y1 = squares.y1[i]!;
    const tags: Record<string, number> = {};
    for (const [name, column] of Object.entries(squares.values))
      if (!Number.isNaN(column[i]!)) tags[name] = column[i]!;
    features.push({
      type: 3,
      geometry: [
        [
          [x0, y0],
          [x1, y0],
          [x1, y1],
          [x0, y1],
          [x0, y0],
        ],
      ],
      tags,
    });
  }
  return features;
}
