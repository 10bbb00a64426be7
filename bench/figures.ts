/**
 * One row of the benchmark table, printed in a form `bench/run.ts` collects into the
 * README's table and docs/benchmarks.md. A row with a `check` can be judged by
 * `npm run bench -- --check`: it misses when the measured number is on the wrong side of
 * the goal by more than the row's noise band (the spread measured between rounds and
 * runs of the same code on a quiet machine; bench/README section in docs/performance.md).
 */
export interface FigureCheck {
  /** the number the goal is about (a ratio, milliseconds, megabytes…) */
  measured: number;
  target: number;
  better: 'higher' | 'lower';
  /** relative noise band, e.g. 0.05: a miss by less than 5 % is noise, not a regression */
  band: number;
}

export function figure(benchmark: string, value: string, goal: string, check?: FigureCheck): void {
  console.log(`BENCH\t${benchmark}\t${value}\t${goal}\t${check ? JSON.stringify(check) : ''}`);
}

/** Whether a measured figure meets its goal as written, without the noise band. */
export function meetsGoal(check: FigureCheck): boolean {
  return check.better === 'higher' ? check.measured >= check.target : check.measured <= check.target;
}

/** Whether a measured figure meets its goal, allowing the noise band. */
export function withinGoal(check: FigureCheck): boolean {
  return check.better === 'higher'
    ? check.measured >= check.target * (1 - check.band)
    : check.measured <= check.target * (1 + check.band);
}

/** Noise bands measured on a quiet 2-core machine (docs/performance.md, "Noise"). */
export const NOISE = {
  /** throughput ratios: rounds of the same build differ by up to ~4 % */
  ratio: 0.05,
  /** latencies of tens of milliseconds: p50s differ by up to ~15 % between runs */
  latency: 0.2,
  /** seconds-long batches (reports): ~10 % */
  batch: 0.15,
  /** resident memory */
  memory: 0.05,
} as const;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
