/**
 * One line of the benchmark table: printed in a form `bench/run.ts` collects into
 * docs/benchmarks.md (the one table the README and docs link to).
 */
export function figure(benchmark: string, value: string, goal: string): void {
  console.log(`BENCH\t${benchmark}\t${value}\t${goal}`);
}
