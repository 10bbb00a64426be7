import { gaussian } from './hash.ts';

/**
 * Smooth random processes with random access. Gaussian knots sit every `period` units;
 * between them a Catmull-Rom spline interpolates, renormalised so that the variance is
 * one everywhere (plain interpolation would dip to ~0.64 between knots). This gives
 * persistence from one hour to the next without integrating anything sequentially.
 */
export function smoothNoise1(seed: number, stream: number, t: number, period: number): number {
  const x = t / period;
  const i = Math.floor(x);
  const f = x - i;
  const f2 = f * f;
  const f3 = f2 * f;
  const w0 = -0.5 * f3 + f2 - 0.5 * f;
  const w1 = 1.5 * f3 - 2.5 * f2 + 1;
  const w2 = -1.5 * f3 + 2 * f2 + 0.5 * f;
  const w3 = 0.5 * f3 - 0.5 * f2;
  const v =
    w0 * gaussian(seed, stream, i - 1) +
    w1 * gaussian(seed, stream, i) +
    w2 * gaussian(seed, stream, i + 1) +
    w3 * gaussian(seed, stream, i + 2);
  return v / Math.sqrt(w0 * w0 + w1 * w1 + w2 * w2 + w3 * w3);
}

/** 2-D smooth value noise in [-1, 1] (smoothstep-blended lattice), for morphology warps */
export function smoothNoise2(seed: number, stream: number, x: number, y: number): number {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const n00 = lattice(seed, stream, i, j);
  const n10 = lattice(seed, stream, i + 1, j);
  const n01 = lattice(seed, stream, i, j + 1);
  const n11 = lattice(seed, stream, i + 1, j + 1);
  const a = n00 + (n10 - n00) * sx;
  const b = n01 + (n11 - n01) * sx;
  return a + (b - a) * sy;
}

function lattice(seed: number, stream: number, i: number, j: number): number {
  return Math.tanh(gaussian(seed, stream * 7919 + i, j) * 0.8);
}
