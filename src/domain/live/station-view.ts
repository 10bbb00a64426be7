import type { LiveStation } from './live-inputs.ts';
import { POLLUTANTS, type Pollutant } from './readings.ts';

/**
 * What `/v1/stations` and `meta.nearest_station` say of a measuring station: its newest
 * measured hour and the values of that hour, and how far a place is from it. Pure.
 */
export type PollutantValues = Partial<Record<Pollutant, number>>;

export interface LatestMeasured {
  hourMs: number;
  values: PollutantValues;
}

/** the newest hour (not after `nowMs`) any pollutant of the station was measured, with every value of that hour */
export function latestMeasured(station: LiveStation | undefined, nowMs: number): LatestMeasured | null {
  if (!station) return null;
  let newest = Number.NEGATIVE_INFINITY;
  for (const series of Object.values(station.series))
    for (let i = (series?.length ?? 0) - 1; i >= 0; i--) {
      const hourMs = series![i]![0];
      if (hourMs > nowMs) continue;
      if (hourMs > newest) newest = hourMs;
      break;
    }
  if (!Number.isFinite(newest)) return null;
  const values: PollutantValues = {};
  for (const pollutant of POLLUTANTS) {
    const hit = station.series[pollutant]?.find(([hourMs]) => hourMs === newest);
    if (hit) values[pollutant] = hit[1];
  }
  return { hourMs: newest, values };
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** great-circle distance in metres (haversine) */
export function distanceM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** the nearest of `places` to the point, with its distance; null when there is none */
export function nearestOf<P extends { lat: number; lon: number }>(
  places: readonly P[],
  at: { lat: number; lon: number },
): { place: P; distanceM: number } | null {
  let best: { place: P; distanceM: number } | null = null;
  for (const place of places) {
    const d = distanceM(at, place);
    if (best === null || d < best.distanceM) best = { place, distanceM: d };
  }
  return best;
}
