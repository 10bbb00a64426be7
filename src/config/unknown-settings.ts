import { FOREIGN_PREFIXES, KNOWN_SETTINGS } from './known-settings.ts';

/**
 * A misspelt setting (FEED_IRCEL_ULR) would otherwise start a service without that
 * feature and without a word. A variable with one of the service's prefixes (the first
 * word of any known setting that has several: FEED_, DATABASE_, REDIS_, …) that is not a
 * known setting refuses the start, naming the closest known one (CONTRACT.md,
 * Environment). Variables of other software (PATH, NODE_OPTIONS, OTEL_SERVICE_NAME)
 * pass: they share no prefix with ours.
 */
const KNOWN: ReadonlySet<string> = new Set(KNOWN_SETTINGS);

export const SETTING_PREFIXES: readonly string[] = [
  ...new Set(KNOWN_SETTINGS.filter((name) => name.includes('_')).map((name) => `${name.split('_')[0]}_`)),
].filter((prefix) => !FOREIGN_PREFIXES.includes(prefix));

/** One line per unknown setting of `env`: `NAME: did you mean KNOWN?`; empty when all are known. */
export function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => SETTING_PREFIXES.some((prefix) => name.startsWith(prefix)) && !KNOWN.has(name))
    .sort()
    .map((name) => `${name}: did you mean ${closestSetting(name)}?`);
}

/** The known setting nearest to `name` by edit distance (ties: the first in the list). */
export function closestSetting(name: string): string {
  let best: string = KNOWN_SETTINGS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const known of KNOWN_SETTINGS) {
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of
 * two neighbours each cost 1, so `ULR` is one edit from `URL` (a typing slip), not two.
 */
export function editDistance(a: string, b: string): number {
  // rows i-2, i-1 and i of the dynamic programme over prefixes of a and b
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let cost = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        cost = Math.min(cost, before[j - 2]! + 1);
      current.push(cost);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
