import { localClock } from '../meteo/local-time.ts';
import { isBelgianPublicHoliday } from '../meteo/public-holidays.ts';

/**
 * Time profiles of urban emissions in local time. Weekdays: the TNO/MACC GNFR F hourly
 * road-traffic profile (DOMAIN.md §4.5), with its morning and evening rush hours.
 * Saturdays and Sundays have their own shapes, not the weekday one scaled: traffic
 * builds through the late morning to an afternoon plateau, with no morning rush
 * (Brussels traffic counts; Sunday NO2 ≈ 0.6–0.7 × weekday at traffic stations).
 * Belgian public holidays run the Sunday profile. Heating (GNFR C) by hour, lower at
 * weekends. Means over an ordinary week are ≈ 1.
 */
const WEEKDAY_HOUR = [
  0.19, 0.09, 0.06, 0.05, 0.09, 0.22, 0.86, 1.84, 1.86, 1.41, 1.24, 1.2, 1.32, 1.44, 1.45, 1.59, 2.03, 2.08,
  1.51, 1.06, 0.74, 0.62, 0.61, 0.44,
];
const SATURDAY_SHAPE = [
  0.45, 0.3, 0.2, 0.15, 0.12, 0.18, 0.35, 0.6, 0.9, 1.2, 1.4, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.45, 1.35, 1.15,
  0.95, 0.8, 0.7, 0.55,
];
const SUNDAY_SHAPE = [
  0.55, 0.4, 0.28, 0.18, 0.12, 0.12, 0.2, 0.3, 0.45, 0.7, 1.0, 1.25, 1.35, 1.4, 1.45, 1.5, 1.6, 1.65, 1.6,
  1.4, 1.15, 0.9, 0.7, 0.5,
];
/** daily traffic volume relative to the week's mean day */
const LEVEL = { weekday: 1.1, saturday: 0.82, sunday: 0.56 };

const normalised = (shape: readonly number[], level: number): number[] => {
  const mean = shape.reduce((a, b) => a + b, 0) / shape.length;
  return shape.map((v) => (v / mean) * level);
};
const TRAFFIC = {
  weekday: normalised(WEEKDAY_HOUR, LEVEL.weekday),
  saturday: normalised(SATURDAY_SHAPE, LEVEL.saturday),
  sunday: normalised(SUNDAY_SHAPE, LEVEL.sunday),
};
const HEATING_HOUR = [
  0.38, 0.36, 0.36, 0.36, 0.37, 0.5, 1.19, 1.53, 1.57, 1.56, 1.35, 1.16, 1.07, 1.06, 1.0, 0.98, 0.99, 1.12,
  1.41, 1.52, 1.39, 1.35, 1.0, 0.42,
];

export type DayKind = 'weekday' | 'saturday' | 'sunday';

export function dayKind(weekday: number, holiday: boolean): DayKind {
  if (holiday || weekday === 6) return 'sunday';
  return weekday === 5 ? 'saturday' : 'weekday';
}

/** the profiles of an hour on the civil clock of `timeZone` (the domain's: its city's, or the nation's) */
export function emissionProfiles(hourMs: number, timeZone: string): { traffic: number; heating: number } {
  // the record's hour is described by its middle
  const { hour, weekday, year, month, day } = localClock(timeZone).read(hourMs + 1_800_000);
  const kind = dayKind(weekday, isBelgianPublicHoliday(year, month, day));
  return {
    traffic: TRAFFIC[kind][hour]!,
    heating: HEATING_HOUR[hour]! * (kind === 'weekday' ? 1.08 : 0.8),
  };
}
