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
import type { LiveInputs } from '../live/live-inputs.ts';
import { LAYERS, TIMED_LAYERS, type TimedMapLayer } from '../map/layers.ts';
import type { MetricId } from '../metrics/registry.ts';

export type { CellColumn, CellSeries, Physics } from './model-output.ts';
export { PHYSICS } from './model-output.ts';

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
  /** which of the service's metrics the domain models, by metric id */
  models: DomainModels;
  /** a city's high-resolution zone (exterior ring, lon/lat); absent for the nationwide grid */
  zone?: ReadonlyArray<readonly [number, number]>;
}

/** Whether a domain models each of the service's metrics, by metric id (the registry's). */
export type DomainModels = Readonly<Record<MetricId, boolean>>;

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
  /**
   * observed ("now-cast") hours from `fromMs` to `toMs` inclusive, both on the hour, on
   * the held live inputs, or on `inputs` when given: the stored readings of hours older
   * than the held window (`GET /v1/history`)
   */
  | { kind: 'observed'; fromMs: number; toMs: number; inputs?: LiveInputs }
  /** forecast steps issued at `issuedMs` (the most recent observed hour) */
  | { kind: 'forecast'; issuedMs: number };

/**
 * Map layers with a time dimension (the metrics' layers, map/layers.ts) and the tile
 * properties each carries: its metric's map layer's fields, in their order.
 */
export type TimedLayer = TimedMapLayer;

/** what tells two spans' work apart: a span's own inputs by their version, not their values */
export function spanKey(span: SeriesSpan): string {
  if (span.kind === 'reference') return 'reference';
  if (span.kind === 'forecast') return `forecast:${span.issuedMs}`;
  return `observed:${span.fromMs}:${span.toMs}:${span.inputs?.version ?? 'held'}`;
}
export const LAYER_FIELDS = Object.fromEntries(
  TIMED_LAYERS.map((layer): [TimedLayer, readonly string[]] => [
    layer,
    LAYERS[layer].fields.map((field) => field.name),
  ]),
) as Readonly<Record<TimedLayer, readonly string[]>>;

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
