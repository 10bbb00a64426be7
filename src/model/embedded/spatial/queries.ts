import type { BuildingFootprint, CellLocation, LonLatWindow, NearestOutdoor } from '../../port.ts';
import { windowToCells } from '../compute/window.ts';
import { cellAt, METRES_PER_DEGREE_LAT, metresPerDegreeLon } from '../grid/geometry.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';

/**
 * Cheap geometric questions answered on the calling thread from the shared
 * morphology: which cell holds a point, which outdoor cells are near it, which
 * buildings a window shows.
 */
function isOutdoor(m: Morphology, cell: number): boolean {
  return m.rasters.surface[cell] !== SURFACE.building;
}

/** metres from a point to a cell centre (local equirectangular) */
function distanceToCell(m: Morphology, lat: number, lon: number, col: number, row: number): number {
  const g = m.info.grid;
  const cLon = g.west + (col + 0.5) * g.dLon;
  const cLat = g.north - (row + 0.5) * g.dLat;
  return Math.hypot((cLon - lon) * metresPerDegreeLon(lat), (cLat - lat) * METRES_PER_DEGREE_LAT);
}

export function locate(m: Morphology, lat: number, lon: number): CellLocation | null {
  const cell = cellAt(m.info.grid, lat, lon);
  if (cell < 0) return null;
  return { cell, isBuilding: !isOutdoor(m, cell) };
}

export function outdoorCellsWithin(m: Morphology, lat: number, lon: number, radiusM: number): number[] {
  const g = m.info.grid;
  if (cellAt(g, lat, lon) < 0) return [];
  const dCol = Math.ceil(radiusM / (g.dLon * metresPerDegreeLon(lat))) + 1;
  const dRow = Math.ceil(radiusM / (g.dLat * METRES_PER_DEGREE_LAT)) + 1;
  const col = Math.floor((lon - g.west) / g.dLon);
  const row = Math.floor((g.north - lat) / g.dLat);
  const cells: number[] = [];
  for (let r = Math.max(0, row - dRow); r <= Math.min(g.rows - 1, row + dRow); r++) {
    for (let c = Math.max(0, col - dCol); c <= Math.min(g.cols - 1, col + dCol); c++) {
      const cell = r * g.cols + c;
      if (isOutdoor(m, cell) && distanceToCell(m, lat, lon, c, r) <= radiusM) cells.push(cell);
    }
  }
  return cells;
}

export function nearestOutdoor(m: Morphology, lat: number, lon: number): NearestOutdoor | null {
  const g = m.info.grid;
  if (cellAt(g, lat, lon) < 0) return null;
  const col = Math.floor((lon - g.west) / g.dLon);
  const row = Math.floor((g.north - lat) / g.dLat);
  const cellM = Math.min(g.dLon * metresPerDegreeLon(lat), g.dLat * METRES_PER_DEGREE_LAT);
  let best = Number.POSITIVE_INFINITY;
  // grow square rings until no closer outdoor cell can exist beyond the ring
  for (let ring = 0; ring < Math.max(g.cols, g.rows); ring++) {
    if ((ring - 1) * cellM > best) break;
    for (let r = row - ring; r <= row + ring; r++) {
      if (r < 0 || r >= g.rows) continue;
      const edge = r === row - ring || r === row + ring;
      for (let c = col - ring; c <= col + ring; c += edge ? 1 : 2 * ring) {
        if (c < 0 || c >= g.cols) continue;
        if (!isOutdoor(m, r * g.cols + c)) continue;
        best = Math.min(best, distanceToCell(m, lat, lon, c, r));
      }
    }
  }
  if (!Number.isFinite(best)) return null;
  const cells = outdoorCellsWithin(m, lat, lon, best + cellM / 2);
  return { cells, distanceM: best };
}

export function buildingsIn(m: Morphology, w: LonLatWindow, maxRowSpan: number): BuildingFootprint[] {
  const g = m.info.grid;
  const sub = windowToCells(g, w);
  if (sub.cols === 0 || sub.rows === 0) return [];
  const { rects, rectHeightM } = m.footprints;
  const c0 = sub.col0;
  const c1 = sub.col0 + sub.cols - 1;
  const r0 = sub.row0;
  const r1 = sub.row0 + sub.rows - 1;
  // rectangles are sorted by first row: binary-search the first that could reach r0
  let lo = 0;
  let hi = m.rectCount;
  const startRow = r0 - maxRowSpan;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rects[mid * 4 + 1]! < startRow) lo = mid + 1;
    else hi = mid;
  }
  const out: BuildingFootprint[] = [];
  for (let i = lo; i < m.rectCount; i++) {
    const rc0 = rects[i * 4]!;
    const rr0 = rects[i * 4 + 1]!;
    const rc1 = rects[i * 4 + 2]!;
    const rr1 = rects[i * 4 + 3]!;
    if (rr0 > r1) break;
    if (rr1 < r0 || rc1 < c0 || rc0 > c1) continue;
    const west = g.west + rc0 * g.dLon;
    const east = g.west + (rc1 + 1) * g.dLon;
    const north = g.north - rr0 * g.dLat;
    const south = g.north - (rr1 + 1) * g.dLat;
    out.push({
      ring: [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
      heightM: rectHeightM[i]!,
    });
  }
  return out;
}

/** the tallest north–south extent of any rectangle, in rows (bounds the window scan) */
export function maxRectRowSpan(m: Morphology): number {
  let span = 0;
  for (let i = 0; i < m.rectCount; i++)
    span = Math.max(span, m.footprints.rects[i * 4 + 3]! - m.footprints.rects[i * 4 + 1]!);
  return span;
}
