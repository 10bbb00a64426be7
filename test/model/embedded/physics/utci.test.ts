import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { utci, utciFromVapourPressure } from '../../../../src/model/embedded/physics/utci.ts';
import { UTCI_TERMS } from '../../../../src/model/embedded/physics/utci-terms.ts';

describe('UTCI polynomial', () => {
  test('carries the same 210 terms as the reference coefficient file', () => {
    const reference = JSON.parse(
      readFileSync(new URL('../../../fixtures/reference/utci-coefficients.json', import.meta.url), 'utf8'),
    ) as { terms: Array<{ e: number[]; c: number }> };
    assert.equal(UTCI_TERMS.length, 210);
    reference.terms.forEach((term, i) => {
      assert.deepEqual(UTCI_TERMS[i]!.slice(0, 4), term.e);
      assert.equal(UTCI_TERMS[i]![4], term.c);
    });
  });

  // Ta, Tmrt, RH, va(10 m) → expected UTCI (published validation suite, tolerance 0.1 °C)
  const vectors: Array<[number, number, number, number, number]> = [
    [25, 27, 50, 1, 25.2],
    [19, 24, 50, 1, 20.0],
    [19, 14, 50, 1, 16.8],
    [27, 22, 50, 1, 25.5],
    [27, 22, 50, 10, 20.0],
    [27, 22, 50, 16, 15.8],
    [30, 27, 50, 1, 29.6],
    [9, 9, 50, 1, 8.7],
    [25, 25, 50, 1, 24.6],
  ];
  for (const [ta, tmrt, rh, va, expected] of vectors) {
    test(`matches the validation vector Ta ${ta} Tmrt ${tmrt} RH ${rh} va ${va} → ${expected}`, () => {
      const value = utci(ta, tmrt, va, rh);
      assert.ok(Math.abs(value - expected) <= 0.1, `got ${value}`);
    });
  }

  test('matches the vapour-pressure reference values to 0.01 °C', () => {
    assert.ok(Math.abs(utciFromVapourPressure(309 - 273.15, 310 - 273.15, 3, 12) - 34.6147) < 0.01);
    assert.ok(Math.abs(utciFromVapourPressure(27, 9.2, 4, 16.5) - 18.93148565) < 0.01);
  });

  test('clamps calm wind to 0.5 m/s instead of answering NaN', () => {
    assert.equal(utci(27, 22, 0, 50), utci(27, 22, 0.5, 50));
    assert.ok(Number.isFinite(utci(27, 22, 0, 50)));
  });
});
