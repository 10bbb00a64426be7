/** Types of model-workload.mjs for bench/model.ts. */
export const BENCH_POINTS: ReadonlyArray<readonly [number, number]>;
export const BENCH_TILE_WINDOWS: ReadonlyArray<{
  layer: 'thermal' | 'wind' | 'air';
  hour: { hourMs: number };
  window: { west: number; east: number; north: number; south: number };
}>;
export const BENCH_RANGE_HOURS: ReadonlyArray<{ hourMs: number }>;
