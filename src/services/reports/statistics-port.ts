import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import type { HistoricalStats } from '../../domain/stats/historical-stats.ts';

/** A location the report has already resolved and checked: its address (or null) and coordinates. */
export interface ReportLocation {
  address: string | null;
  lat: number;
  lon: number;
}

/**
 * What the reports need of the statistics, declared here beside its user: the
 * historical statistics service implements it (services/data/historical.ts), the
 * composition root hands it over as one object, tests hand over a fixture.
 */
export interface ReportStatistics {
  /**
   * every modelled metric for the location, with no deadline. A radius the caller did not
   * choose (`radiusGiven` false) never fails for lack of outdoor cells: a location inside a
   * building reads the nearest outdoor cells.
   */
  statsForLocation(location: ReportLocation, radius: number, radiusGiven: boolean): Promise<HistoricalStats>;
  /**
   * refuses (4xx) a location that cannot be sampled, before anything is counted: a radius
   * the caller chose with no outdoor cell in it; a default radius always samples something
   */
  assertSampleable(location: { lat: number; lon: number }, radius: number, radiusGiven: boolean): void;
  /**
   * the credit printed under the statistics: a city's package credits its own sources
   * (OpenStreetMap, the weather file…), in the report's language when the package has it
   * translated; undefined keeps the report's translated default
   */
  attributionOf(stats: HistoricalStats, lang: ReportLang): string | undefined;
}
