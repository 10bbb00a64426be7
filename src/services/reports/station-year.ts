import type { ReferenceYears } from '../../domain/live/reference-year.ts';
import { nearestStationYear, type StationYearMeans } from '../../domain/live/station-year.ts';

/**
 * The reports' look-up of a station's measured year (ReportServiceDeps.stationYear): the
 * nearest station of the domain's backfilled year, when that year is the one the report's
 * statistics describe. Reads the years the instance serves now (services/live/reference-years.ts).
 */
export function stationYearLookup(
  current: () => ReferenceYears,
): (domain: string, year: number, at: { lat: number; lon: number }) => StationYearMeans | null {
  return (domain, year, at) => {
    const held = current().years.find((y) => y.domain === domain && y.year === year);
    return held ? nearestStationYear(held, at) : null;
  };
}
