// The model bench's work, in one place for its two runners: bench/model.ts times each part
// under tsx, and bench/model-start.mjs runs it all in npm start's process before reading
// the resident set (plain JS: that process has no TypeScript loader).

/** nine Brussels points on a diagonal through the centre */
export const BENCH_POINTS = Array.from({ length: 9 }, (_, k) => [50.838 + 0.003 * k, 4.34 + 0.005 * k]);

/** twelve z16 tile windows (a 256-px tile spans 360/2^16 degrees of longitude), the three layers in turn, at one hour */
export const BENCH_TILE_WINDOWS = Array.from({ length: 12 }, (_, k) => {
  const span = 360 / 2 ** 16;
  const west = 4.335 + (k % 4) * span;
  const north = 50.855 - Math.floor(k / 4) * span * 0.63;
  return {
    layer: ['thermal', 'wind', 'air'][k % 3],
    hour: { hourMs: Date.UTC(2025, 6, 11, 13) },
    window: { west, east: west + span, north, south: north - span * 0.63 },
  };
});

/** eight hours of one day, for a layer range */
export const BENCH_RANGE_HOURS = Array.from({ length: 8 }, (_, k) => ({
  hourMs: Date.UTC(2025, 6, 11, 6 + 2 * k),
}));
