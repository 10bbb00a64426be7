/**
 * Evaluating the machine-readable parts of a scale: `when` rules (a list of comparisons
 * joined by all/any) and class bounds. The classifiers compile the scale data through
 * these once, at load, so that what the API publishes and what the service computes
 * cannot drift apart.
 */
import type { ClassBounds, TileField, When, WhenTest } from './types.ts';

/** Whether one comparison holds; a missing reading (NaN) never satisfies a test. */
export function testHolds(test: WhenTest, value: number): boolean {
  if ('lt' in test) return value < test.lt;
  if ('lte' in test) return value <= test.lte;
  if ('gt' in test) return value > test.gt;
  return value >= test.gte;
}

/** The tests of a rule and how they combine. */
export function ruleParts(when: When): { mode: 'all' | 'any'; tests: WhenTest[] } {
  return 'all' in when ? { mode: 'all', tests: when.all } : { mode: 'any', tests: when.any };
}

/** Whether a rule holds for the readings given by `read`. */
export function whenHolds(when: When, read: (field: TileField) => number): boolean {
  const { mode, tests } = ruleParts(when);
  return mode === 'all'
    ? tests.every((test) => testHolds(test, read(test.field)))
    : tests.some((test) => testHolds(test, read(test.field)));
}

/**
 * A rule over two fields compiled into a plain function of their two readings, for hot
 * loops (a year of hours for many cells). Fails loudly when the rule reads another field.
 */
export function compileTwoFieldRule(
  when: When,
  first: TileField,
  second: TileField,
): (a: number, b: number) => boolean {
  const { mode, tests } = ruleParts(when);
  const compiled = tests.map((test) => {
    if (test.field !== first && test.field !== second) {
      throw new Error(`rule reads ${test.field}, expected ${first} or ${second}`);
    }
    const holds = compileTest(test);
    return test.field === first ? (a: number) => holds(a) : (_a: number, b: number) => holds(b);
  });
  if (compiled.length === 1) return compiled[0]!;
  return mode === 'all'
    ? (a, b) => {
        for (const holds of compiled) if (!holds(a, b)) return false;
        return true;
      }
    : (a, b) => {
        for (const holds of compiled) if (holds(a, b)) return true;
        return false;
      };
}

/** One comparison as a function of the reading, the operator chosen once rather than per call. */
function compileTest(test: WhenTest): (value: number) => boolean {
  if ('lt' in test) return (value) => value < test.lt;
  if ('lte' in test) return (value) => value <= test.lte;
  if ('gt' in test) return (value) => value > test.gt;
  return (value) => value >= test.gte;
}

/** Bounds with an exclusive lower and inclusive upper end: is `value` at or below the upper end? */
export function atOrBelowUpper(bounds: ClassBounds, value: number): boolean {
  return bounds.to === null || value <= bounds.to;
}
