import { brusselsClock } from '../meteo/local-time.ts';

/**
 * Time profiles of urban emissions in local time (TNO/MACC GNFR profiles quoted in
 * DOMAIN.md §4.5): road traffic by hour of day and day of week, domestic heating by
 * hour. Means over a week are 1.
 */
const TRAFFIC_HOUR = [
  0.19, 0.09, 0.06, 0.05, 0.09, 0.22, 0.86, 1.84, 1.86, 1.41, 1.24, 1.2, 1.32, 1.44, 1.45, 1.59, 2.03, 2.08,
  1.51, 1.06, 0.74, 0.62, 0.61, 0.44,
];
const TRAFFIC_WEEKDAY = [1.02, 1.06, 1.08, 1.1, 1.14, 0.81, 0.79];
const HEATING_HOUR = [
  0.38, 0.36, 0.36, 0.36, 0.37, 0.5, 1.19, 1.53, 1.57, 1.56, 1.35, 1.16, 1.07, 1.06, 1.0, 0.98, 0.99, 1.12,
  1.41, 1.52, 1.39, 1.35, 1.0, 0.42,
];
const HEATING_WEEKDAY = [1.08, 1.08, 1.08, 1.08, 1.08, 0.8, 0.8];

export function emissionProfiles(hourMs: number): { traffic: number; heating: number } {
  // the record's hour is described by its middle
  const { hour, weekday } = brusselsClock(hourMs + 1_800_000);
  return {
    traffic: TRAFFIC_HOUR[hour]! * TRAFFIC_WEEKDAY[weekday]!,
    heating: HEATING_HOUR[hour]! * HEATING_WEEKDAY[weekday]!,
  };
}
