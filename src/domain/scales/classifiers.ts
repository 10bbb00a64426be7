/**
 * The classifiers every part of the service uses (model, statistics, map, reports). Each
 * is derived from the published scale data at load time: the rules, bounds and
 * thresholds live only in the scale modules.
 */
import { AIR_BELAQI } from './air.ts';
import { atOrBelowUpper, compileTwoFieldRule } from './rules.ts';
import { THERMAL_UTCI } from './thermal.ts';
import type { Pollutant, PollutantThreshold } from './types.ts';
import { POLLUTANTS } from './types.ts';
import { WIND_COMFORT_STANDARD } from './wind.ts';

export type WindComfortClass = 1 | 2 | 3 | 4 | 5;
export type BelaqiClass = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
export type UtciClass = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

/** Wind rules, highest class first: the first that holds is the class. */
const WIND_RULES = [...WIND_COMFORT_STANDARD.classes]
  .sort((a, b) => b.value - a.value)
  .map((entry) => {
    if (!entry.when) throw new Error(`wind class ${entry.value} has no rule`);
    return {
      value: entry.value as WindComfortClass,
      holds: compileTwoFieldRule(entry.when, 'Ucomfort', 'Ugust'),
    };
  });

/**
 * Wind comfort class of one reading: the highest class whose `when` rule matches, which
 * is also the worse of the comfort class from Ucomfort and the gust class from Ugust.
 * Null only when missing readings (NaN) leave every rule unmatched.
 */
export function windComfortClass(ucomfort: number, ugust: number): WindComfortClass | null {
  for (const rule of WIND_RULES) {
    if (rule.holds(ucomfort, ugust)) return rule.value;
  }
  return null;
}

const THRESHOLDS = AIR_BELAQI.thresholds as Record<Pollutant, PollutantThreshold>;

/**
 * One pollutant's BelAQI sub-index: the first class whose inclusive upper bound holds
 * the concentration, 10 above the last. Null for a missing reading: NaN, a negative
 * value, or zero where the scale says zero means missing (NO2).
 */
export function belaqiSubIndex(pollutant: Pollutant, concentration: number): BelaqiClass | null {
  const threshold = THRESHOLDS[pollutant];
  if (!(concentration >= 0)) return null;
  if (concentration === 0 && threshold.zero_means_missing) return null;
  const bounds = threshold.bounds;
  for (let index = 0; index < bounds.length; index++) {
    if (concentration <= bounds[index]!) return (index + 1) as BelaqiClass;
  }
  return (bounds.length + 1) as BelaqiClass;
}

export interface BelaqiReading {
  value: BelaqiClass;
  /** the pollutant giving the worst sub-index; ties go to NO2, then PM2.5, then PM10 */
  dominant: Pollutant;
}

/** BelAQI index of one hour: the worst sub-index of the valid readings; null when none is valid. */
export function belaqiClass(values: Readonly<Record<Pollutant, number>>): BelaqiReading | null {
  let worst: BelaqiReading | null = null;
  for (const pollutant of POLLUTANTS) {
    const sub = belaqiSubIndex(pollutant, values[pollutant]);
    if (sub !== null && (worst === null || sub > worst.value)) worst = { value: sub, dominant: pollutant };
  }
  return worst;
}

const UTCI_BANDS = [...THERMAL_UTCI.classes]
  .sort((a, b) => a.value - b.value)
  .map((entry) => {
    if (!entry.bounds) throw new Error(`UTCI class ${entry.value} has no bounds`);
    return { value: entry.value as UtciClass, bounds: entry.bounds };
  });

/**
 * UTCI stress category 1 to 10: the first band whose inclusive upper bound holds the
 * value (bands exclude their lower bound), the coldest band taking everything below it.
 * Null for a missing reading.
 */
export function utciClass(utci: number): UtciClass | null {
  if (Number.isNaN(utci)) return null;
  for (const band of UTCI_BANDS) {
    if (atOrBelowUpper(band.bounds, utci)) return band.value;
  }
  return null;
}
