/** Seconds elapsed since `startedNs` (from process.hrtime.bigint()): the clock stays out of the domain. */
export function secondsSince(startedNs: bigint): number {
  return Number(process.hrtime.bigint() - startedNs) / 1e9;
}
