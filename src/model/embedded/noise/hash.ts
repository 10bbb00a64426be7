/**
 * Deterministic randomness. Every "random" number in the model is a pure function of
 * integers (seed, stream, index), so any hour or cell can be computed in any process,
 * in any order, with the same result. Math.random and the clock are never used.
 */

/** 32-bit integer hash (lowbias32 finaliser): good avalanche, cheap. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** hash of up to four integers; negative and large integers are folded to 32 bits */
export function hash4(a: number, b: number, c = 0, d = 0): number {
  let h = mix32(a ^ 0x9e3779b9);
  h = mix32(h ^ (b | 0));
  h = mix32(h ^ (c | 0) ^ 0x85ebca6b);
  h = mix32(h ^ (d | 0) ^ 0xc2b2ae35);
  // fold the high part of large indices (epoch hours exceed nothing, but be safe)
  h = mix32(h ^ Math.floor(b / 4294967296) ^ Math.floor(c / 4294967296));
  return h;
}

/** uniform in [0, 1) */
export function uniform(a: number, b: number, c = 0, d = 0): number {
  return hash4(a, b, c, d) / 4294967296;
}

/** standard normal from two hashed uniforms (Box–Muller) */
export function gaussian(a: number, b: number, c = 0, d = 0): number {
  const u1 = (hash4(a, b, c, d) + 0.5) / 4294967296;
  const u2 = hash4(a ^ 0x68e31da4, b, c, d) / 4294967296;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** a small sequential generator for generation passes that draw many numbers */
export function seededRandom(seed: number): () => number {
  let state = mix32(seed) || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
