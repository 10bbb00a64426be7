import type { LiveStation } from './live-inputs.ts';
import { POLLUTANTS } from './readings.ts';
import type { ReferenceYear } from './reference-year.ts';
import { nearestOf, type PollutantValues } from './station-view.ts';

/**
 * The nearest station's measured annual means in a backfilled reference year (issue #50):
 * what a report's air page sets beside the model's annual means at the place. A pollutant
 * counts only when the station measured at least 90 % of the year's hours, the EU's data
 * capture rule for an annual mean (Directive 2008/50/EC, Annex I); a station with no such
 * pollutant is passed over for the next nearest. Pure.
 */
export interface StationYearMeans {
  /** the station's code (IRCEL-CELINE), e.g. 41R001 */
  id: string;
  distanceM: number;
  year: number;
  /** µg/m³, one decimal; only the pollutants measured over enough of the year */
  means: PollutantValues;
}

/** the EU's minimum data capture for an annual mean */
export const ANNUAL_CAPTURE = 0.9;

const round1 = (value: number) => Math.round(value * 10) / 10;

function hoursOfYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 3_600_000;
}

/** the station's annual means over the hours of `year` it measured, where it measured enough of them */
export function annualMeans(station: LiveStation, year: number): PollutantValues {
  const fromMs = Date.UTC(year, 0, 1);
  const toMs = Date.UTC(year + 1, 0, 1);
  const needed = ANNUAL_CAPTURE * hoursOfYear(year);
  const means: PollutantValues = {};
  for (const pollutant of POLLUTANTS) {
    let sum = 0;
    let n = 0;
    for (const [hourMs, value] of station.series[pollutant] ?? []) {
      if (hourMs < fromMs || hourMs >= toMs || !Number.isFinite(value)) continue;
      sum += value;
      n++;
    }
    if (n >= needed) means[pollutant] = round1(sum / n);
  }
  return means;
}

/** the nearest of the year's stations with an annual mean, and its means; null when none has one */
export function nearestStationYear(
  year: ReferenceYear,
  at: { lat: number; lon: number },
): StationYearMeans | null {
  const measured = year.stations
    .map((station) => ({
      lat: station.lat,
      lon: station.lon,
      id: station.id,
      means: annualMeans(station, year.year),
    }))
    .filter((station) => Object.keys(station.means).length > 0);
  const nearest = nearestOf(measured, at);
  if (!nearest) return null;
  return {
    id: nearest.place.id,
    distanceM: Math.round(nearest.distanceM),
    year: year.year,
    means: nearest.place.means,
  };
}
