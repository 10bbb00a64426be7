import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  evalLocalUtci,
  foldUtciByVapour,
  saturationVapourPressureHpa,
  UTCI_LOCAL_SIZE,
  utci,
  utciFromVapourPressure,
} from '../../../../src/model/embedded/physics/utci.ts';
import { UTCI_TERMS } from '../../../../src/model/embedded/physics/utci-terms.ts';

type ReferenceTerms = { terms: Array<{ e: [number, number, number, number]; c: number }> };
/** the published coefficients as data (a copy of the shared reference utci_coefficients.json) */
const reference = JSON.parse(
  readFileSync(new URL('../../../fixtures/reference/utci-coefficients.json', import.meta.url), 'utf8'),
) as ReferenceTerms;

/** the reference polynomial as its file writes it: Ta + Σ c·Ta^a·va^b·ΔT^c·Pa^d */
function referenceUtci(ta: number, va: number, dT: number, paKpa: number): number {
  let sum = ta;
  for (const { e, c } of reference.terms) sum += c * ta ** e[0] * va ** e[1] * dT ** e[2] * paKpa ** e[3];
  return sum;
}

/** an inclusive grid from `from` to `to` in `step`s */
function span(from: number, to: number, step: number): number[] {
  return Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
}

describe('UTCI polynomial', () => {
  test('carries the same 210 terms as the reference coefficient file', () => {
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

describe('the cell-level UTCI evaluator (the hour folded by vapour pressure, expanded by hand)', () => {
  test('equals the reference polynomial within 0.1 K over its whole validity range', () => {
    // validity (DOMAIN.md §1, utci_coefficients.json): Ta −50…50 °C, ΔT = Tmrt − Ta −30…70 K,
    // 10 m wind 0.5…17 m/s, vapour pressure up to 5 kPa; humidity from dry air to saturation,
    // so a vapour pressure above the air's saturation (RH over 100 %) is outside the domain
    const temperatures = span(-50, 50, 5);
    const radiantExcess = span(-30, 70, 5);
    const winds = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 17];
    const folded = new Float32Array(UTCI_LOCAL_SIZE);
    let points = 0;
    let worst = { error: 0, at: '' };
    for (const ta of temperatures) {
      const saturationKpa = saturationVapourPressureHpa(ta) / 10;
      const pressures = [
        ...span(0, 5, 0.25).filter((pa) => pa <= saturationKpa),
        ...[0.1, 0.25, 0.5, 0.75, 1].map((rh) => rh * saturationKpa).filter((pa) => pa <= 5),
      ];
      for (const pa of pressures) {
        foldUtciByVapour(pa, folded, 0);
        for (const dT of radiantExcess) {
          for (const va of winds) {
            const error = Math.abs(evalLocalUtci(folded, 0, ta, va, dT) - referenceUtci(ta, va, dT, pa));
            points++;
            if (!(error <= worst.error))
              worst = { error, at: `Ta ${ta} °C, va ${va} m/s, ΔT ${dT} K, Pa ${pa.toFixed(3)} kPa` };
          }
        }
      }
    }
    assert.ok(points > 50_000, `${points} grid points`);
    assert.ok(worst.error <= 0.1, `${worst.error.toFixed(3)} K off the reference at ${worst.at}`);
  });
});
