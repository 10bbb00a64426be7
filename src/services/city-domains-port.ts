import type { CityGeometry } from '../domain/coverage/city-package/model-geometry.ts';
import type { PackageFiles } from '../domain/coverage/city-package/package.ts';
import type { DomainModels } from '../domain/grid/model-data.ts';

type LonLat = [number, number];

/**
 * A city domain handed to the model: its zone, what it models, and its geometry on
 * demand. The city sources (adapters/cities) build them from the packages.
 */
export interface CityDomainSpec {
  id: string;
  /** changes whenever the geometry changes; names the cached rasters */
  revision: string;
  /** exterior ring of the high-resolution zone: the grid is its bbox plus a margin */
  boundary: ReadonlyArray<LonLat>;
  resolutionM: number;
  referenceYear: number;
  /**
   * the city's IANA time zone (its package's `timezone`): the civil clock of its daily and
   * weekly cycles; absent, the national climate's
   */
  timeZone?: string;
  /** which of the service's metrics the city models (its package's `metrics`), by metric id */
  models: DomainModels;
  /** read only when the rasters for this revision are not cached yet */
  geometry(): Promise<CityGeometry>;
  /**
   * the package files the geometry is read from, when it comes from a package: a model
   * may then validate, read and rasterise them off the event loop (a Brussels-sized
   * package is seconds of CPU); absent, `geometry()` is used
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

/** How the city catalog (city-catalog.ts) sets up the model's city domains. */
export interface ModelCityDomains {
  /**
   * Replaces the set of city domains while the model runs: new and changed cities are
   * loaded (rasterised once per revision, then cached), removed ones dropped.
   */
  setCities(cities: readonly CityDomainSpec[]): Promise<void>;
}
