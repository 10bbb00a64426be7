import type { CellLocation, NearestOutdoor } from '../../../domain/grid/model-data.ts';
import { cellAt, METRES_PER_DEGREE_LAT, metresPerDegreeLon } from '../grid/geometry.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';

/**
 * Cheap geometric questions answered on the calling thread from the shared
 * morphology: which cell holds a point, which outdoor cells are near it
 * (the buildings a window shows: domain-footprints.ts).
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
