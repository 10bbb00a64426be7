/**
 * The wind comfort classifier, derived from the published scale data
 * (wind-comfort-standard) at load time: the rules live only in the scale.
 */
import { compileTwoFieldClassifier } from '../../scales/rules.ts';
import { WIND_COMFORT_STANDARD } from './scales.ts';

export type WindComfortClass = 1 | 2 | 3 | 4 | 5;

/** Wind rules, highest class first: the first that holds is the class. */
const WIND_CLASSIFIER = compileTwoFieldClassifier(
  [...WIND_COMFORT_STANDARD.classes]
    .sort((a, b) => b.value - a.value)
    .map((entry) => {
      if (!entry.when) throw new Error(`wind class ${entry.value} has no rule`);
      return { value: entry.value as WindComfortClass, when: entry.when };
    }),
  'Ucomfort',
  'Ugust',
);

/**
 * Wind comfort class of one reading: the highest class whose `when` rule matches, which
 * is also the worse of the comfort class from Ucomfort and the gust class from Ugust.
 * Null only when missing readings (NaN) leave every rule unmatched.
 */
export function windComfortClass(ucomfort: number, ugust: number): WindComfortClass | null {
  return WIND_CLASSIFIER(ucomfort, ugust);
}
