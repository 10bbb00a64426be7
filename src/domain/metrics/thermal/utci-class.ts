/**
 * The UTCI stress classifier, derived from the published scale data (thermal-utci) at
 * load time: the bounds live only in the scale.
 */
import { atOrBelowUpper } from '../../scales/rules.ts';
import { THERMAL_UTCI } from './scales.ts';

export type UtciClass = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

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
