/**
 * The data the compute back end answers in: model domains, their grids, hourly cell
 * series, layer windows and building footprints. Pure types (and the layer field names)
 * that the domain's map and record code works on, and that the model's ports
 * (services/ports/model-domains-port.ts lists them) answer in.
 *
 * Grids are regular in longitude/latitude (cell sizes in degrees chosen so that a cell
 * is about `resolutionM` metres on the ground), which keeps cells axis-aligned in Web
 * Mercator and makes cutting tiles exact. Cells are addressed by a flat index
 * `row * cols + col`, row 0 at the north edge.
 */
import type { TimedMapLayer } from '../map/layers.ts';

/** A model domain: a city's high-resolution zone (its city id) or the nationwide grid. */
export type DomainId = string;
export const NATIONAL_DOMAIN = 'belgium';

export interface GridGeometry {
  /** longitude of the west edge of column 0, degrees */
  west: number;
  /** latitude of the north edge of row 0, degrees */
  north: number;
  /** cell width in degrees of longitude */
  dLon: number;
  /** cell height in degrees of latitude */
  dLat: number;
  cols: number;
  rows: number;
}

export interface DomainInfo {
  id: DomainId;
  /** the city geometry's revision ('' for the nationwide grid) */
  revision: string;
  /** nominal cell size on the ground, metres */
  resolutionM: number;
  grid: GridGeometry;
  /** calendar year the reference-year series describe */
  referenceYear: number;
  /** whether the domain carries buildings (false for the nationwide grid) */
  hasBuildings: boolean;
  /** pollutant, wind and UTCI fields the domain models */
  models: { air: boolean; wind: boolean; thermal: boolean };
  /** a city's high-resolution zone (exterior ring, lon/lat); absent for the nationwide grid */
  zone?: ReadonlyArray<readonly [number, number]>;
}

export interface CellLocation {
  cell: number;
  /** true when the cell centre lies inside a building footprint */
  isBuilding: boolean;
}

export interface NearestOutdoor {
  /** outdoor cells whose centre lies within (nearest distance + half a cell) of the point */
  cells: number[];
  /** distance in metres from the point to the nearest outdoor cell centre */
  distanceM: number;
}

/** Which hours a series covers. */
export type SeriesSpan =
  /** every hour of the domain's reference year, UTC, 8760 or 8784 records */
  | { kind: 'reference' }
  /** observed ("now-cast") hours from `fromMs` to `toMs` inclusive, both on the hour */
  | { kind: 'observed'; fromMs: number; toMs: number }
  /** forecast steps issued at `issuedMs` (the most recent observed hour) */
  | { kind: 'forecast'; issuedMs: number };

/**
 * Hourly columns for one cell. All arrays have `hours.length` entries. Values are
 * physical quantities, not classes. NaN marks "no data" (never for outdoor cells of a
 * domain that models the quantity).
 */
export interface CellSeries {
  cell: number;
  /** epoch milliseconds of each record's hour (UTC, on the hour) */
  hours: Float64Array;
  /** NO2, µg/m3 */
  no2: Float32Array;
  /** PM2.5, µg/m3 */
  pm25: Float32Array;
  /** PM10, µg/m3 */
  pm10: Float32Array;
  /** ozone, µg/m3 */
  o3: Float32Array;
  /** pedestrian-level mean comfort wind speed, m/s */
  ucomfort: Float32Array;
  /** pedestrian-level gust speed, m/s */
  ugust: Float32Array;
  /** UTCI, °C */
  utci: Float32Array;
  /** meteorology behind the numbers */
  airTempC: Float32Array;
  relHumidityPct: Float32Array;
  /** reference 10 m wind speed, m/s, and direction it blows from, degrees */
  wind10Ms: Float32Array;
  windDirDeg: Float32Array;
  /** global horizontal irradiance, W/m2 */
  ghiWm2: Float32Array;
  /** mean radiant temperature, °C */
  tmrtC: Float32Array;
}

/** Map layers with a time dimension (the metrics' layers, map/layers.ts) and the tile properties each carries. */
export type TimedLayer = TimedMapLayer;
export const LAYER_FIELDS: Readonly<Record<TimedLayer, readonly string[]>> = {
  thermal: ['UTCI'],
  wind: ['Ucomfort', 'Ugust'],
  air: ['C', 'C_PM25', 'C_PM10'],
};

/** A window of a domain's grid, in lon/lat degrees. */
export interface LonLatWindow {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * One layer's values for one hour over the cells intersecting a window, at native
 * resolution. `fields` maps each tile property of the layer (LAYER_FIELDS) to a
 * row-major array of `cols * rows` values; NaN for building interiors and cells the
 * domain does not cover. (`col0`, `row0`) is the sub-grid's offset in the domain grid.
 */
export interface LayerWindow {
  col0: number;
  row0: number;
  cols: number;
  rows: number;
  fields: Record<string, Float32Array>;
}

export interface BuildingFootprint {
  /** outer ring of [lon, lat] positions, closed (first point repeated as last) */
  ring: Array<[number, number]>;
  heightM: number;
}

export interface LayerRange {
  min: number;
  max: number;
}

/** one hour's ranges of the layers asked for, by layer */
export type LayerRanges = Partial<Record<TimedLayer, LayerRange>>;
