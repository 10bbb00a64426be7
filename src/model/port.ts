import type { CityGeometry } from '../domain/coverage/city-package/model-geometry.ts';
import type { PackageFiles } from '../domain/coverage/city-package/package.ts';
import type {
  BuildingFootprint,
  CellLocation,
  CellSeries,
  DomainId,
  DomainInfo,
  LayerRanges,
  LayerWindow,
  LonLatWindow,
  NearestOutdoor,
  SeriesSpan,
  TimedLayer,
} from '../domain/grid/model-data.ts';
import type { LiveInputs } from '../domain/live/live-inputs.ts';
import type { ReferenceYears } from '../domain/live/reference-year.ts';
import type { TileAddress } from '../domain/map/mercator.ts';

/**
 * The compute back end as the services see it. The embedded implementation is our
 * synthetic urban microclimate model (src/model/embedded); a real simulation dataset
 * would implement the same interface. Every call that may be CPU-heavy is async: the
 * embedded model answers it from a worker-thread pool so the event loop never blocks.
 * The data types it answers in live in the domain (domain/grid/model-data.ts).
 */

export type { CityGeometry, CityTunnel } from '../domain/coverage/city-package/model-geometry.ts';
export type {
  BuildingFootprint,
  CellLocation,
  CellSeries,
  DomainId,
  DomainInfo,
  GridGeometry,
  LayerRange,
  LayerRanges,
  LayerWindow,
  LonLatWindow,
  NearestOutdoor,
  SeriesSpan,
  TimedLayer,
} from '../domain/grid/model-data.ts';
export { LAYER_FIELDS, NATIONAL_DOMAIN } from '../domain/grid/model-data.ts';
export type { LiveInputs } from '../domain/live/live-inputs.ts';
export type { ReferenceYear, ReferenceYears } from '../domain/live/reference-year.ts';

type LonLat = [number, number];

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
  /**
   * the package files the geometry is read from, when it comes from a package: a model
   * may then validate, read and rasterise them off the event loop (a Brussels-sized
   * package is ~2 s of CPU); absent, `geometry()` is used
   */
  packageFiles?(): Promise<PackageFiles>;
  /**
   * the same files packed (domain/coverage/city-package/archive.ts), as a store keeps an
   * imported package: a model may move the bytes to a thread and unpack them there, so
   * that not even the package's text is parsed on the event loop; preferred to
   * `packageFiles` when both are given
   */
  packageArchive?(): Promise<Uint8Array>;
  /** EnergyPlus weather (EPW text) of the reference year; absent: the nationwide climatology */
  referenceWeatherEpw?: string | null;
}

export interface MicroclimateModel {
  /** part of every downstream cache key: changes whenever numbers would change (also when a city's geometry does) */
  readonly version: string;
  /**
   * The model's input port for live data (services/live): the feeds' stored values, which
   * observed and forecast hours follow from the next computation on (fed meteorology in
   * place of the generated weather; station measurements and CAMS spread over the grid,
   * docs/live-data.md). Absent on a back end that takes no live input.
   */
  setLiveInputs?(inputs: LiveInputs): Promise<void>;
  /**
   * The model's input port for backfilled reference years (services/live/reference-years.ts,
   * `svc feeds backfill`): a domain listed answers `reference` series, `domain().referenceYear`
   * and the hours of that year from the archive's meteorology and its stations' measurements
   * (background from the stations, the street-level increment from the model, as in the
   * live product); the others keep their package's year. Changes `version`.
   */
  setReferenceYears?(years: ReferenceYears): Promise<void>;
  /**
   * what a domain's reference year runs on: measured typical-year weather (an EPW file) or
   * the generator's; optional (absent: the services go by the city's package)
   */
  referenceWeather?(domain: DomainId): 'epw' | 'synthetic';
  /**
   * whether a city's buildings at a point are mapped footprints or, where the source map
   * is incomplete, an estimated built share (docs/cities.md); null outside a city grid;
   * optional (absent: nothing is said)
   */
  geometryAt?(domain: DomainId, lat: number, lon: number): 'mapped' | 'estimated' | null;
  /** the `version` of the live inputs in use ('synthetic' without): real-time caches key on it */
  readonly inputsVersion?: string;
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
  /**
   * one timed layer of one map tile as Mapbox Vector Tile bytes (domain/map/layer-tile.ts:
   * at low zooms each square is the mean of a block of cells), null when the tile misses
   * the grid or holds no value; cut, averaged and encoded off the event loop (a z10 tile
   * reads a whole city's grid)
   */
  layerTile(
    domain: DomainId,
    layer: TimedLayer,
    hour: { hourMs: number; issuedMs?: number },
    tile: TileAddress,
    opts?: CallOptions,
  ): Promise<Uint8Array | null>;
  /** building footprints intersecting a window (a neighbourhood's worth: synchronous) */
  buildings(domain: DomainId, window: LonLatWindow): BuildingFootprint[];
  /**
   * the buildings map layer of one tile as Mapbox Vector Tile bytes, null when no
   * footprint is drawn in it; cut and encoded off the event loop, since a z13 tile over
   * a city centre holds ~20,000 footprints (~100 ms of CPU)
   */
  buildingsTile(domain: DomainId, tile: TileAddress, opts?: CallOptions): Promise<Uint8Array | null>;
  /**
   * min and max of each given layer's first field across the domain's outdoor cells, for
   * each given hour: the layers of an hour are asked together, since one pass over the
   * cells gives them all
   */
  layerRanges(
    domain: DomainId,
    layers: readonly TimedLayer[],
    hours: ReadonlyArray<{ hourMs: number; issuedMs?: number }>,
    opts?: CallOptions,
  ): Promise<LayerRanges[]>;

  /**
   * runs each compute thread's hot code once over (after a start, before the first
   * requests), so that they do not wait for the JIT to compile it; optional
   */
  exercise?(): Promise<void>;
  /** compute threads running out of those configured (readiness); absent for a remote model */
  workers?(): { alive: number; total: number };
  /** tasks handed to the compute workers and not finished yet (metrics); optional */
  pendingTasks?(): number;

  close(): Promise<void>;
}

export interface CallOptions {
  /** wall-clock budget for the caller; past it the promise rejects but the work completes */
  deadlineMs?: number;
  /** identifies the work so that a later identical call collects the finished result */
  workKey?: string;
}

/** the failures the model throws, declared with the other failures of outside things */
export { ModelTimeoutError, ModelUnavailableError } from '../domain/errors/failures.ts';
