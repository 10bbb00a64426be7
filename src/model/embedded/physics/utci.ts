import { UTCI_TERMS } from './utci-terms.ts';

/**
 * UTCI from the published regression polynomial. The model evaluates it millions of
 * times per request, so it is split in two stages: terms that depend only on the
 * hour's air temperature and vapour pressure are folded once per hour into 28
 * coefficients of a bivariate polynomial in wind speed and ΔT = Tmrt − Ta, which each
 * cell then evaluates cheaply.
 */

/** saturation vapour pressure over water, hPa (Hardy 1998, ITS-90, as used by UTCI_a002) */
export function saturationVapourPressureHpa(taC: number): number {
  const t = taC + 273.15;
  const g0 = -2836.5744;
  const g1 = -6028.076559;
  const g2 = 19.54263612;
  const g3 = -0.02737830188;
  const g4 = 0.000016261698;
  const g5 = 7.0229056e-10;
  const g6 = -1.8680009e-13;
  const sum = g0 / (t * t) + g1 / t + g2 + g3 * t + g4 * t * t + g5 * t * t * t + g6 * t * t * t * t;
  return 0.01 * Math.exp(sum + 2.7150305 * Math.log(t));
}

/** water vapour pressure in kPa from air temperature and relative humidity */
export function vapourPressureKpa(taC: number, rhPct: number): number {
  return (saturationVapourPressureHpa(taC) * rhPct) / 100 / 10;
}

const PAIRS = 28;
/** index of the (va exponent, ΔT exponent) monomial in a folded polynomial */
function pairIndex(b: number, c: number): number {
  // rows of constant b: b = 0 holds 7 entries (c = 0..6), b = 1 holds 6, ...
  let base = 0;
  for (let k = 0; k < b; k++) base += 7 - k;
  return base + c;
}

const TERM_A = Int8Array.from(UTCI_TERMS, (t) => t[0]);
const TERM_D = Int8Array.from(UTCI_TERMS, (t) => t[3]);
const TERM_PAIR = Int8Array.from(UTCI_TERMS, (t) => pairIndex(t[1], t[2]));
const TERM_C = Float64Array.from(UTCI_TERMS, (t) => t[4]);

/** writes the 28 folded coefficients for one hour into `out` at `offset` */
export function foldUtciPolynomial(taC: number, paKpa: number, out: Float64Array, offset: number): void {
  const ta = clamp(taC, -50, 50);
  const taPow = [1, ta, ta * ta, ta ** 3, ta ** 4, ta ** 5, ta ** 6];
  const paPow = [1, paKpa, paKpa ** 2, paKpa ** 3, paKpa ** 4, paKpa ** 5, paKpa ** 6];
  for (let k = 0; k < PAIRS; k++) out[offset + k] = 0;
  for (let i = 0; i < TERM_C.length; i++) {
    out[offset + TERM_PAIR[i]!]! += TERM_C[i]! * taPow[TERM_A[i]!]! * paPow[TERM_D[i]!]!;
  }
}

export const UTCI_FOLDED_SIZE = PAIRS;

/**
 * UTCI from folded coefficients. Inputs are clamped into the polynomial's validity
 * (10 m wind 0.5–17 m/s, ΔT −30…70 K) rather than answering NaN: calm hours are
 * common in a city and must still get a value.
 */
export function evalFoldedUtci(
  folded: Float64Array,
  offset: number,
  taC: number,
  va10: number,
  dTmrt: number,
): number {
  const v = clamp(va10, 0.5, 17);
  const d = clamp(dTmrt, -30, 70);
  let sum = 0;
  let vp = 1;
  let idx = offset;
  for (let b = 0; b <= 6; b++) {
    // Horner in ΔT for this power of v
    let inner = 0;
    const top = 6 - b;
    for (let c = top; c >= 0; c--) inner = inner * d + folded[idx + c]!;
    sum += vp * inner;
    idx += top + 1;
    vp *= v;
  }
  return clamp(taC, -50, 50) + sum;
}

/**
 * The cell-level form: only the vapour pressure (the same across a domain in an hour:
 * a warmer street keeps the air's water content) is folded, into 84 coefficients of a
 * polynomial in the cell's own air temperature, wind and ΔT — exact, no correction for
 * local temperature offsets.
 */
const TRIPLES = 84;
function tripleIndex(a: number, b: number, c: number): number {
  let idx = 0;
  for (let aa = 0; aa < a; aa++) idx += ((7 - aa) * (8 - aa)) / 2;
  for (let bb = 0; bb < b; bb++) idx += 7 - a - bb;
  return idx + c;
}
const TERM_TRIPLE = Int16Array.from(UTCI_TERMS, (t) => tripleIndex(t[0], t[1], t[2]));
export const UTCI_LOCAL_SIZE = TRIPLES;

/** writes the 84 coefficients (Ta, va, ΔT) for one hour's vapour pressure at `offset` */
export function foldUtciByVapour(paKpa: number, out: Float32Array, offset: number): void {
  const paPow = [1, paKpa, paKpa ** 2, paKpa ** 3, paKpa ** 4, paKpa ** 5, paKpa ** 6];
  // summed in double precision, stored in single (≈ 1e-5 K in UTCI; halves the tables' memory)
  const sums = new Float64Array(TRIPLES);
  for (let i = 0; i < TERM_C.length; i++) sums[TERM_TRIPLE[i]!]! += TERM_C[i]! * paPow[TERM_D[i]!]!;
  out.set(sums, offset);
}

/**
 * UTCI of a cell from the 84 folded coefficients and its own Ta, 10 m wind and ΔT:
 * nested Horner written out (generated from the coefficient layout of tripleIndex), so
 * the hot loop has no inner loops.
 */
export function evalLocalUtci(f: Float32Array, o: number, taC: number, va10: number, dTmrt: number): number {
  const t = clamp(taC, -50, 50);
  const v = clamp(va10, 0.5, 17);
  const d = clamp(dTmrt, -30, 70);
  const p0 =
    f[o + 0]! +
    d * (f[o + 1]! + d * (f[o + 2]! + d * (f[o + 3]! + d * (f[o + 4]! + d * (f[o + 5]! + d * f[o + 6]!))))) +
    v *
      (f[o + 7]! +
        d * (f[o + 8]! + d * (f[o + 9]! + d * (f[o + 10]! + d * (f[o + 11]! + d * f[o + 12]!)))) +
        v *
          (f[o + 13]! +
            d * (f[o + 14]! + d * (f[o + 15]! + d * (f[o + 16]! + d * f[o + 17]!))) +
            v *
              (f[o + 18]! +
                d * (f[o + 19]! + d * (f[o + 20]! + d * f[o + 21]!)) +
                v *
                  (f[o + 22]! +
                    d * (f[o + 23]! + d * f[o + 24]!) +
                    v * (f[o + 25]! + d * f[o + 26]! + v * f[o + 27]!)))));
  const p1 =
    f[o + 28]! +
    d * (f[o + 29]! + d * (f[o + 30]! + d * (f[o + 31]! + d * (f[o + 32]! + d * f[o + 33]!)))) +
    v *
      (f[o + 34]! +
        d * (f[o + 35]! + d * (f[o + 36]! + d * (f[o + 37]! + d * f[o + 38]!))) +
        v *
          (f[o + 39]! +
            d * (f[o + 40]! + d * (f[o + 41]! + d * f[o + 42]!)) +
            v *
              (f[o + 43]! +
                d * (f[o + 44]! + d * f[o + 45]!) +
                v * (f[o + 46]! + d * f[o + 47]! + v * f[o + 48]!))));
  const p2 =
    f[o + 49]! +
    d * (f[o + 50]! + d * (f[o + 51]! + d * (f[o + 52]! + d * f[o + 53]!))) +
    v *
      (f[o + 54]! +
        d * (f[o + 55]! + d * (f[o + 56]! + d * f[o + 57]!)) +
        v *
          (f[o + 58]! +
            d * (f[o + 59]! + d * f[o + 60]!) +
            v * (f[o + 61]! + d * f[o + 62]! + v * f[o + 63]!)));
  const p3 =
    f[o + 64]! +
    d * (f[o + 65]! + d * (f[o + 66]! + d * f[o + 67]!)) +
    v * (f[o + 68]! + d * (f[o + 69]! + d * f[o + 70]!) + v * (f[o + 71]! + d * f[o + 72]! + v * f[o + 73]!));
  const p4 =
    f[o + 74]! + d * (f[o + 75]! + d * f[o + 76]!) + v * (f[o + 77]! + d * f[o + 78]! + v * f[o + 79]!);
  const p5 = f[o + 80]! + d * f[o + 81]! + v * f[o + 82]!;
  const p6 = f[o + 83]!;
  return t + p0 + t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * (p5 + t * p6)))));
}

/** UTCI in °C for one set of conditions; `va10` is the wind speed at 10 m */
export function utci(taC: number, tmrtC: number, va10: number, rhPct: number): number {
  const folded = new Float64Array(PAIRS);
  foldUtciPolynomial(taC, vapourPressureKpa(taC, rhPct), folded, 0);
  return evalFoldedUtci(folded, 0, taC, va10, tmrtC - taC);
}

/** UTCI with the vapour pressure given directly (hPa) */
export function utciFromVapourPressure(taC: number, tmrtC: number, va10: number, eHpa: number): number {
  const folded = new Float64Array(PAIRS);
  foldUtciPolynomial(taC, eHpa / 10, folded, 0);
  return evalFoldedUtci(folded, 0, taC, va10, tmrtC - taC);
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
