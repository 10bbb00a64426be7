/**
 * The static rasters of a domain, all in one SharedArrayBuffer so that the worker
 * threads read the very same memory the main thread loaded (no copies, no regeneration).
 * The layout is a list of typed columns; the cache file is the buffer itself.
 */
export const SURFACE = {
  road: 0,
  plaza: 1,
  park: 2,
  water: 3,
  yard: 4,
  building: 5,
  /** nationwide grid: open country and towns at 1 km, no individual buildings */
  land: 6,
} as const;
export type SurfaceKind = (typeof SURFACE)[keyof typeof SURFACE];

export const ROAD_CLASS = { none: 0, local: 1, secondary: 2, major: 3 } as const;

/** horizon directions (every 11.25°, clockwise from north) and wind sectors (every 22.5°) */
export const HORIZON_DIRECTIONS = 32;
export const WIND_SECTORS = 16;

type ColumnType = 'u8' | 'f32' | 'i32';
interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** values per cell (0: sized by `count` at allocation, e.g. building rectangles) */
  perCell: number;
}

export const CELL_COLUMNS = [
  { name: 'surface', type: 'u8', perCell: 1 },
  { name: 'roadClass', type: 'u8', perCell: 1 },
  { name: 'heightM', type: 'f32', perCell: 1 },
  { name: 'distMajorM', type: 'f32', perCell: 1 },
  { name: 'distSecondaryM', type: 'f32', perCell: 1 },
  { name: 'distLocalM', type: 'f32', perCell: 1 },
  { name: 'svf', type: 'f32', perCell: 1 },
  /** horizon elevation per direction, units of 0.5° */
  { name: 'horizon', type: 'u8', perCell: HORIZON_DIRECTIONS },
  { name: 'canyonAspect', type: 'f32', perCell: 1 },
  /** street axis, degrees 0–180 (0 = north–south) */
  { name: 'canyonAxisDeg', type: 'f32', perCell: 1 },
  /** pedestrian / reference 10 m wind speed ratio per wind-from sector, hundredths */
  { name: 'windFactor', type: 'u8', perCell: WIND_SECTORS },
  /** turbulence intensity at pedestrian level */
  { name: 'turbulence', type: 'f32', perCell: 1 },
  /** dimensionless road-traffic exposure (distance decay × canyon trapping) */
  { name: 'trafficExposure', type: 'f32', perCell: 1 },
  /** 0–1 urbanisation: scales the urban background of pollution and the heat island */
  { name: 'urbanIndex', type: 'f32', perCell: 1 },
  /** 0–1 share of built-up ground around the cell: drives the nocturnal heat island */
  { name: 'builtFraction', type: 'f32', perCell: 1 },
  /** static air-temperature offset (elevation), °C */
  { name: 'taOffsetC', type: 'f32', perCell: 1 },
  /** share of the cell under tree crowns, hundredths (0: the surface's own default, cell-kernel.ts) */
  { name: 'canopy', type: 'u8', perCell: 1 },
  /** 1 where the footprints are incomplete and the built share estimated (docs/cities.md) */
  { name: 'geometryEstimated', type: 'u8', perCell: 1 },
] as const satisfies readonly ColumnSpec[];

export const FOOTPRINT_COLUMNS = [
  /** [col0, row0, col1, row1] inclusive, per rectangle */
  { name: 'rects', type: 'i32', perCell: 4 },
  { name: 'rectHeightM', type: 'f32', perCell: 1 },
] as const satisfies readonly ColumnSpec[];

type CellColumnName = (typeof CELL_COLUMNS)[number]['name'];
type FootprintColumnName = (typeof FOOTPRINT_COLUMNS)[number]['name'];
type ArrayOf<T extends ColumnType> = T extends 'u8'
  ? Uint8Array
  : T extends 'f32'
    ? Float32Array
    : Int32Array;
type Columns<C extends readonly ColumnSpec[]> = { [K in C[number] as K['name']]: ArrayOf<K['type']> };

export type CellRasters = Columns<typeof CELL_COLUMNS>;
export type FootprintArrays = Columns<typeof FOOTPRINT_COLUMNS>;
export type { CellColumnName, FootprintColumnName };

const BYTES: Record<ColumnType, number> = { u8: 1, f32: 4, i32: 4 };

/** byte offsets of every column for `cells` cells and `rects` rectangles */
export function planLayout(cells: number, rects: number): { offsets: Record<string, number>; bytes: number } {
  const offsets: Record<string, number> = {};
  let at = 0;
  const place = (spec: ColumnSpec, count: number) => {
    at = Math.ceil(at / 8) * 8;
    offsets[spec.name] = at;
    at += count * spec.perCell * BYTES[spec.type];
  };
  for (const spec of CELL_COLUMNS) place(spec, cells);
  for (const spec of FOOTPRINT_COLUMNS) place(spec, rects);
  return { offsets, bytes: Math.ceil(at / 8) * 8 };
}

function view(buffer: ArrayBufferLike, type: ColumnType, offset: number, length: number) {
  if (type === 'u8') return new Uint8Array(buffer, offset, length);
  if (type === 'f32') return new Float32Array(buffer, offset, length);
  return new Int32Array(buffer, offset, length);
}

/** typed views over a buffer laid out by planLayout */
export function viewColumns(
  buffer: ArrayBufferLike,
  cells: number,
  rects: number,
): { rasters: CellRasters; footprints: FootprintArrays } {
  const { offsets } = planLayout(cells, rects);
  const rasters: Record<string, unknown> = {};
  for (const spec of CELL_COLUMNS)
    rasters[spec.name] = view(buffer, spec.type, offsets[spec.name]!, cells * spec.perCell);
  const footprints: Record<string, unknown> = {};
  for (const spec of FOOTPRINT_COLUMNS)
    footprints[spec.name] = view(buffer, spec.type, offsets[spec.name]!, rects * spec.perCell);
  return { rasters: rasters as CellRasters, footprints: footprints as FootprintArrays };
}
