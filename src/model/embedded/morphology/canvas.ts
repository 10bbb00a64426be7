import type { CityTunnel } from '../../../domain/coverage/city-package/model-geometry.ts';
import type { GridGeometry } from '../../../domain/grid/model-data.ts';
import { cellSizeM, toLocalM } from '../grid/geometry.ts';

/**
 * The working surface of city generation: the grid in local metres (x east, y north
 * from the grid's north-west corner) and the rasters the passes fill in turn.
 */
export interface Canvas {
  grid: GridGeometry;
  cols: number;
  rows: number;
  /** ground size of a cell, metres */
  cellW: number;
  cellH: number;
  cell: number;
  surface: Uint8Array;
  roadClass: Uint8Array;
  heightM: Float32Array;
  /** index of the district whose rules apply (districts.length = fallback) */
  district: Uint8Array;
  /** 1 in a district whose footprints are incomplete (a package's districts.geojson) */
  estimated: Uint8Array;
  /** there, the share of an unmapped ground cell taken as built (0 elsewhere) */
  estimatedBuilt: Float32Array;
  /** 0–1 share of the cell under tree crowns (land cover's canopy; paths under trees keep it) */
  canopy: Float32Array;
  /** road tunnels: not drawn on the surface, their exhaust leaves at the portals */
  tunnels: CityTunnel[];
}

export function createCanvas(grid: GridGeometry): Canvas {
  const n = grid.cols * grid.rows;
  const [cellW, cellH] = cellSizeM(grid);
  return {
    grid,
    cols: grid.cols,
    rows: grid.rows,
    cellW,
    cellH,
    cell: (cellW + cellH) / 2,
    surface: new Uint8Array(n),
    roadClass: new Uint8Array(n),
    heightM: new Float32Array(n),
    district: new Uint8Array(n),
    estimated: new Uint8Array(n),
    estimatedBuilt: new Float32Array(n),
    canopy: new Float32Array(n),
    tunnels: [],
  };
}

export function cellX(c: Canvas, col: number): number {
  return (col + 0.5) * c.cellW;
}

export function cellY(c: Canvas, row: number): number {
  return -(row + 0.5) * c.cellH;
}

export function localOf(c: Canvas, lonLat: readonly [number, number]): [number, number] {
  return toLocalM(c.grid, lonLat[0], lonLat[1]);
}

/** calls `visit` for every cell whose centre lies within `halfWidth` metres of the polyline */
export function forEachCellNearPath(
  c: Canvas,
  path: ReadonlyArray<readonly [number, number]>,
  halfWidth: number,
  visit: (cell: number) => void,
): void {
  const pts = path.map((p) => localOf(c, p));
  for (let k = 0; k + 1 < pts.length; k++) {
    const [ax, ay] = pts[k]!;
    const [bx, by] = pts[k + 1]!;
    const c0 = Math.max(0, Math.floor((Math.min(ax, bx) - halfWidth) / c.cellW));
    const c1 = Math.min(c.cols - 1, Math.ceil((Math.max(ax, bx) + halfWidth) / c.cellW));
    const r0 = Math.max(0, Math.floor((-Math.max(ay, by) - halfWidth) / c.cellH));
    const r1 = Math.min(c.rows - 1, Math.ceil((-Math.min(ay, by) + halfWidth) / c.cellH));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    for (let r = r0; r <= r1; r++) {
      const y = cellY(c, r);
      for (let col = c0; col <= c1; col++) {
        const x = cellX(c, col);
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
        const ex = ax + t * dx - x;
        const ey = ay + t * dy - y;
        if (ex * ex + ey * ey <= halfWidth * halfWidth) visit(r * c.cols + col);
      }
    }
  }
}

/** calls `visit` for every cell whose centre lies inside the ring */
export function forEachCellInRing(
  c: Canvas,
  ring: ReadonlyArray<readonly [number, number]>,
  visit: (cell: number) => void,
): void {
  const pts = ring.map((p) => localOf(c, p));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const c0 = Math.max(0, Math.floor(Math.min(...xs) / c.cellW));
  const c1 = Math.min(c.cols - 1, Math.ceil(Math.max(...xs) / c.cellW));
  const r0 = Math.max(0, Math.floor(-Math.max(...ys) / c.cellH));
  const r1 = Math.min(c.rows - 1, Math.ceil(-Math.min(...ys) / c.cellH));
  for (let r = r0; r <= r1; r++) {
    const y = cellY(c, r);
    for (let col = c0; col <= c1; col++) {
      const x = cellX(c, col);
      let inside = false;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i]!;
        const [xj, yj] = pts[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      if (inside) visit(r * c.cols + col);
    }
  }
}
