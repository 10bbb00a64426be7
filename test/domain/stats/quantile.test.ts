import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quantileInPlace } from '../../../src/domain/stats/quantile.ts';

/** the definition: sort, then interpolate between the order statistics around (n - 1) q */
function quantileBySorting(values: Float64Array, q: number): number {
  const sorted = values.slice().sort();
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}

/** a deterministic sequence in [0, 1) (mulberry32), so a failure can be replayed */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('quantileInPlace', () => {
  test('equals the sorted definition for random samples, with and without ties', () => {
    const next = random(17);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(next() * 400);
      const distinct = round % 3 === 0 ? 4 : 1e6;
      const values = Float64Array.from({ length: n }, () => Math.floor(next() * distinct) / 7);
      for (const q of [0, 0.05, 0.5, 0.95, 0.999, 1]) {
        assert.equal(quantileInPlace(values.slice(), q), quantileBySorting(values, q), `n=${n} q=${q}`);
      }
    }
  });

  test('a year of hours, already sorted, reversed or constant', () => {
    const rising = Float64Array.from({ length: 8760 }, (_, i) => i / 10);
    const falling = rising.slice().reverse();
    const constant = new Float64Array(8760).fill(3.5);
    for (const values of [rising, falling, constant]) {
      assert.equal(quantileInPlace(values.slice(), 0.95), quantileBySorting(values, 0.95));
    }
    // position 8759 × 0.95 = 8321.05: between 832.1 and 832.2
    assert.ok(Math.abs(quantileInPlace(rising.slice(), 0.95) - 832.105) < 1e-9);
  });

  test('one value is every quantile; no value has none', () => {
    assert.equal(quantileInPlace(Float64Array.of(2.5), 0.95), 2.5);
    assert.ok(Number.isNaN(quantileInPlace(new Float64Array(0), 0.95)));
  });
});
