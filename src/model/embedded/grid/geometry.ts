import type { GridGeometry } from '../../../domain/grid/model-data.ts';

/**
 * Regular lon/lat grids. Cell sizes in degrees are chosen at the grid's central latitude
 * so that a cell is about `resolutionM` on the ground; within a city the east-west size
 * drifts by well under 1 % across the zone, which we ignore.
 */
export const METRES_PER_DEGREE_LAT = 111_195;

export function metresPerDegreeLon(lat: number): number {
  return METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
}

/** a grid covering [west, south, east, north] at about `resolutionM` */
export function gridOver(bbox: readonly [number, number, number, number], resolutionM: number): GridGeometry {
  const [west, south, east, north] = bbox;
  const midLat = (south + north) / 2;
  const dLat = resolutionM / METRES_PER_DEGREE_LAT;
  const dLon = resolutionM / metresPerDegreeLon(midLat);
  const cols = Math.ceil((east - west) / dLon);
  const rows = Math.ceil((north - south) / dLat);
  return { west, north, dLon, dLat, cols, rows };
}

/** bbox grown by `marginM` on every side */
export function withMargin(
  bbox: readonly [number, number, number, number],
  marginM: number,
): [number, number, number, number] {
  const [west, south, east, north] = bbox;
  const midLat = (south + north) / 2;
  const dLat = marginM / METRES_PER_DEGREE_LAT;
  const dLon = marginM / metresPerDegreeLon(midLat);
  return [west - dLon, south - dLat, east + dLon, north + dLat];
}

/** flat cell index of a point, or -1 outside the grid */
export function cellAt(grid: GridGeometry, lat: number, lon: number): number {
  const col = Math.floor((lon - grid.west) / grid.dLon);
  const row = Math.floor((grid.north - lat) / grid.dLat);
  if (col < 0 || row < 0 || col >= grid.cols || row >= grid.rows) return -1;
  return row * grid.cols + col;
}

export function cellCentreLonLat(grid: GridGeometry, cell: number): [number, number] {
  const col = cell % grid.cols;
  const row = Math.floor(cell / grid.cols);
  return [grid.west + (col + 0.5) * grid.dLon, grid.north - (row + 0.5) * grid.dLat];
}

/** ground size of a cell in metres [east-west, north-south] */
export function cellSizeM(grid: GridGeometry): [number, number] {
  const midLat = grid.north - (grid.rows * grid.dLat) / 2;
  return [grid.dLon * metresPerDegreeLon(midLat), grid.dLat * METRES_PER_DEGREE_LAT];
}

/** local metric position (x east, y north, metres) of a lon/lat relative to the grid's NW corner */
export function toLocalM(grid: GridGeometry, lon: number, lat: number): [number, number] {
  const [sx, sy] = cellSizeM(grid);
  return [((lon - grid.west) / grid.dLon) * sx, -((grid.north - lat) / grid.dLat) * sy];
}
