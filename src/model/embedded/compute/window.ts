import type { GridGeometry, LonLatWindow } from '../../../domain/grid/model-data.ts';

/** the sub-grid of cells intersecting a lon/lat window, clipped to the grid (may be empty) */
export function windowToCells(
  grid: GridGeometry,
  w: LonLatWindow,
): { col0: number; row0: number; cols: number; rows: number } {
  const eps = 1e-9;
  const c0 = Math.max(0, Math.floor((w.west - grid.west) / grid.dLon + eps));
  const c1 = Math.min(grid.cols, Math.ceil((w.east - grid.west) / grid.dLon - eps));
  const r0 = Math.max(0, Math.floor((grid.north - w.north) / grid.dLat + eps));
  const r1 = Math.min(grid.rows, Math.ceil((grid.north - w.south) / grid.dLat - eps));
  if (c1 <= c0 || r1 <= r0)
    return {
      col0: Math.min(Math.max(c0, 0), grid.cols),
      row0: Math.min(Math.max(r0, 0), grid.rows),
      cols: 0,
      rows: 0,
    };
  return { col0: c0, row0: r0, cols: c1 - c0, rows: r1 - r0 };
}
