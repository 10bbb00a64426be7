/**
 * Evaluating the machine-readable parts of a scale: `when` rules (a list of comparisons
 * joined by all/any) and class bounds. The classifiers compile the scale data through
 * these once, at load, so that what the API publishes and what the service computes
 * cannot drift apart.
 */
import type { ClassBounds, TileField, When, WhenTest } from './types.ts';

/** The tests of a rule and how they combine. */
function ruleParts(when: When): { mode: 'all' | 'any'; tests: WhenTest[] } {
  return 'all' in when ? { mode: 'all', tests: when.all } : { mode: 'any', tests: when.any };
}

const LESS = 0;
const AT_MOST = 1;
const MORE = 2;
const AT_LEAST = 3;
/** the comparison of a test as a small number, so that one loop evaluates every operator */
function operatorOf(test: WhenTest): { op: number; bound: number } {
  if ('lt' in test) return { op: LESS, bound: test.lt };
  if ('lte' in test) return { op: AT_MOST, bound: test.lte };
  if ('gt' in test) return { op: MORE, bound: test.gt };
  return { op: AT_LEAST, bound: test.gte };
}

/**
 * Rules over two fields, the first that holds wins, compiled into flat arrays read by one
 * plain loop: the statistics classify every hour of a year for dozens of cells, and a
 * chain of small closures per test cost more than the rest of the block. Fails loudly
 * when a rule reads another field. Null when no rule holds (NaN satisfies no test).
 */
export function compileTwoFieldClassifier<V>(
  rules: ReadonlyArray<{ value: V; when: When }>,
  first: TileField,
  second: TileField,
): (a: number, b: number) => V | null {
  const parts = rules.map((rule) => ruleParts(rule.when));
  const testCount = parts.reduce((sum, part) => sum + part.tests.length, 0);
  const readsSecond = new Uint8Array(testCount);
  const ops = new Uint8Array(testCount);
  const bounds = new Float64Array(testCount);
  const ends = new Uint32Array(rules.length);
  const anyMode = new Uint8Array(rules.length);
  let t = 0;
  parts.forEach(({ mode, tests }, r) => {
    for (const test of tests) {
      if (test.field !== first && test.field !== second) {
        throw new Error(`rule reads ${test.field}, expected ${first} or ${second}`);
      }
      const { op, bound } = operatorOf(test);
      readsSecond[t] = test.field === second ? 1 : 0;
      ops[t] = op;
      bounds[t] = bound;
      t++;
    }
    ends[r] = t;
    anyMode[r] = mode === 'any' ? 1 : 0;
  });
  const values = rules.map((rule) => rule.value);
  return (a, b) => {
    let from = 0;
    for (let r = 0; r < values.length; r++) {
      const any = anyMode[r] === 1;
      // `all` holds until a test fails, `any` fails until a test holds
      let holds = !any;
      const end = ends[r]!;
      for (let i = from; i < end; i++) {
        const value = readsSecond[i] === 1 ? b : a;
        const bound = bounds[i]!;
        const op = ops[i];
        const passes =
          op === LESS
            ? value < bound
            : op === AT_MOST
              ? value <= bound
              : op === MORE
                ? value > bound
                : value >= bound;
        if (passes === any) {
          holds = any;
          break;
        }
      }
      if (holds) return values[r]!;
      from = end;
    }
    return null;
  };
}

/** Bounds with an exclusive lower and inclusive upper end: is `value` at or below the upper end? */
export function atOrBelowUpper(bounds: ClassBounds, value: number): boolean {
  return bounds.to === null || value <= bounds.to;
}
