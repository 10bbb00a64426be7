import type { Pollutant } from '../../domain/live/readings.ts';
import type { ReferenceYear } from '../../domain/live/reference-year.ts';
import type { FeedPoint, FeedRead } from './feeds-port.ts';

/**
 * The providers' archives as the backfill sees them (services/live/backfill.ts): a month
 * of reanalysis meteorology at some points, the stations' series, and a month of some
 * series' measurements — read, checked and normalised like the live feeds (same parsers).
 * Implementation: src/adapters/archive/archive-source.ts.
 */
export interface StationSeries {
  /** the provider's series id */
  id: string;
  /** the station's code (EoI), e.g. 41R012 */
  station: string;
  lat: number;
  lon: number;
  pollutant: Pollutant;
}

export interface ArchiveSource {
  /** Open-Meteo's archive host (public part, no key); null when not configured */
  readonly meteoRoot: string | null;
  /** IRCEL-CELINE's timeseries root; null when not configured */
  readonly airRoot: string | null;
  /** every hour of `month` (0–11) of `year`, UTC, at each point */
  meteoMonth(points: readonly FeedPoint[], year: number, month: number): Promise<FeedRead>;
  stationSeries(): Promise<StationSeries[]>;
  /** the measurements of `series` describing the hours of `month` of `year` */
  airMonth(series: readonly StationSeries[], year: number, month: number): Promise<FeedRead>;
}

/**
 * The backfills' durable store (migration 008; src/adapters/store/reference-store.ts): the chunks a run has fetched, and the
 * reference year in use per model domain. Activation replaces every domain's row of a
 * run in one transaction: an instance sees the previous years or the new ones, never a mix.
 */
export interface ReferenceYearSummary {
  domain: string;
  year: number;
  version: string;
  activatedMs: number;
  /** what the backfill said at the end (hours, gaps, stations), as JSON */
  summary: string;
}

export interface ReferenceStore {
  /** the chunk names a run already holds */
  chunkNames(run: string): Promise<Set<string>>;
  /** a chunk's body (any JSON value), replacing what the run held under that name */
  saveChunk(run: string, chunk: string, body: unknown, atMs: number): Promise<void>;
  chunk<T>(run: string, chunk: string): Promise<T | null>;
  dropRun(run: string): Promise<void>;
  /** makes these the reference years of their domains, in one transaction */
  activate(years: ReadonlyArray<{ year: ReferenceYear; summary: string }>, atMs: number): Promise<void>;
  /** the domains back to their packages' weather; answers the domains that had a year */
  reset(domains: readonly string[] | 'all'): Promise<string[]>;
  /** what is active (cheap: polled by every instance) */
  active(): Promise<ReferenceYearSummary[]>;
  load(domain: string): Promise<ReferenceYear | null>;
}
