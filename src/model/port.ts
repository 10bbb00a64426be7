/**
 * The compute back end as the services see it. The embedded implementation is our
 * synthetic urban microclimate model (src/model/embedded); a real simulation dataset
 * would implement the same interface. Every call that may be CPU-heavy is async: the
 * embedded model answers it from a worker-thread pool so the event loop never blocks.
 *
 * Grids are regular in longitude/latitude (cell sizes in degrees chosen so that a cell
 * is about `resolutionM` metres on the ground), which keeps cells axis-aligned in Web
 * Mercator and makes cutting tiles exact. Cells are addressed by a flat index
 * `row * cols + col`, row 0 at the north edge.
 */

/** A model domain: a city's high-resolution zone (its city id) or the nationwide grid. */
export type DomainId = string;
export const NATIONAL_DOMAIN = 'belgium';

type LonLat = [number, number];

/**
 * A city's geometry as the model takes it: footprints with heights, surface roads by
 * traffic class with their street width, and open land. Coordinates are [lon, lat];
 * a polygon is its exterior ring then its holes, each closed.
 */
export interface CityGeometry {
  /** 0–1 size of the city's urban background (Brussels 1); null: the nationwide grid at the centre */
  urbanIndex: number | null;
  /** static air-temperature offset against Uccle, °C; null: the nationwide grid at the centre */
  taOffsetC: number | null;
  buildings: ReadonlyArray<{ polygons: LonLat[][][]; heightM: number }>;
  roads: ReadonlyArray<{
    lines: LonLat[][];
    kind: 'major' | 'secondary' | 'local' | 'pedestrian';
    widthM: number;
  }>;
  landcover: ReadonlyArray<{ polygons: LonLat[][][]; kind: 'park' | 'water' | 'plaza' }>;
}

/** A city domain handed to the model: its zone, what it models, and its geometry on demand. */
export interface CityDomainSpec {
  id: string;
  /** changes whenever the geometry changes; names the cached rasters */
  revision: string;
  /** exterior ring of the high-resolution zone: the grid is its bbox plus a margin */
  boundary: ReadonlyArray<LonLat>;
  resolutionM: number;
  referenceYear: number;
  models: { air: boolean; wind: boolean; thermal: boolean };
  /** read only when the rasters for this revision are not cached yet */
  geometry(): Promise<CityGeometry>;
  /** EnergyPlus weather (EPW text) of the reference year; absent: the nationwide climatology */
  referenceWeatherEpw?: string | null;
}

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

/** Map layers with a time dimension and the tile properties each carries. */
export type TimedLayer = 'thermal' | 'wind' | 'air';
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

export interface MicroclimateModel {
  /** part of every downstream cache key: changes whenever numbers would change (also when a city's geometry does) */
  readonly version: string;
  /**
   * Replaces the set of city domains while the model runs: new and changed cities are
   * loaded (rasterised once per revision, then cached), removed ones dropped.
   */
  setCities(cities: readonly CityDomainSpec[]): Promise<void>;
  domains(): readonly DomainInfo[];
  domain(id: DomainId): DomainInfo;

  /** the cell containing the point, or null when the point is outside the domain grid */
  locate(domain: DomainId, lat: number, lon: number): CellLocation | null;
  /** for a point inside a building: the outdoor cells at the nearest distance + half a cell */
  nearestOutdoor(domain: DomainId, lat: number, lon: number): NearestOutdoor | null;
  /** outdoor cells whose centre lies within `radiusM` metres of the point */
  outdoorCellsWithin(domain: DomainId, lat: number, lon: number, radiusM: number): number[];
  /** centre of a cell, [lon, lat] */
  cellCentre(domain: DomainId, cell: number): [number, number];

  /** most recent observed (completed) hour at `nowMs`, epoch ms on the hour */
  latestObservedHour(nowMs: number): number;
  /** forecast step hours issued at `issuedMs`, ascending, up to `ceilingHours` ahead; spacing may widen */
  forecastSteps(issuedMs: number, ceilingHours: number): number[];

  /** hourly series per cell; rejects with ModelTimeoutError past `deadlineMs` (work continues) */
  series(
    domain: DomainId,
    cells: readonly number[],
    span: SeriesSpan,
    opts?: CallOptions,
  ): Promise<CellSeries[]>;
  /** one layer at one hour (an observed hour or a forecast step issued at `issuedMs`) over a window */
  layerWindow(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    window: LonLatWindow,
    opts?: CallOptions,
  ): Promise<LayerWindow>;
  /** building footprints intersecting a window */
  buildings(domain: DomainId, window: LonLatWindow): BuildingFootprint[];
  /** min and max of a layer's first field across the domain's outdoor cells for each given hour */
  layerRange(
    domain: DomainId,
    layer: TimedLayer,
    hours: ReadonlyArray<{ hourMs: number; issuedMs?: number }>,
    opts?: CallOptions,
  ): Promise<LayerRange[]>;

  close(): Promise<void>;
}

export interface CallOptions {
  /** wall-clock budget for the caller; past it the promise rejects but the work completes */
  deadlineMs?: number;
  /** identifies the work so that a later identical call collects the finished result */
  workKey?: string;
}

/** Thrown when a call outlives its deadline; the work keeps running. */
export class ModelTimeoutError extends Error {
  constructor(readonly workKey: string | undefined) {
    super('the compute back end did not answer within its deadline');
    this.name = 'ModelTimeoutError';
  }
}

/** Thrown when the model cannot answer at all. */
export class ModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }
}
