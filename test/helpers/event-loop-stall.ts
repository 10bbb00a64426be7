import { existsSync, readFileSync } from 'node:fs';

/**
 * The longest the event loop went without a turn while `work` ran, not counting the time the
 * kernel kept this (runnable) thread waiting for a CPU. On a loaded two-core CI machine that
 * wait alone reached 60 ms between two 5 ms ticks; it says nothing about the code under test,
 * whereas a stretch of work on this thread (or a blocking call) still counts in full.
 *
 * The wait comes from the main thread's schedstat (Linux: run time, run-queue wait, in ns).
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  // a kernel without scheduler statistics: nothing is left out, the wall-clock stall counts
  const queuedMs = existsSync(schedstat)
    ? () => Number(readFileSync(schedstat, 'utf8').split(' ')[1]) / 1e6
    : () => 0;
  let lastAt = performance.now();
  let lastQueued = queuedMs();
  let stallMs = 0;
  const sample = () => {
    const now = performance.now();
    const queued = queuedMs();
    stallMs = Math.max(stallMs, now - lastAt - (queued - lastQueued));
    lastAt = now;
    lastQueued = queued;
  };
  const ticker = setInterval(sample, 5);
  try {
    const result = await work();
    // a stall that ends with the work is seen here, before any tick
    sample();
    return { result, stallMs };
  } finally {
    clearInterval(ticker);
  }
}

/**
 * The share of the process's CPU time (every thread's) that the main thread spent while
 * `work` ran: work handed to worker threads counts in the whole and not in the share, so
 * the figure stays the same on a slower machine. Linux only (the main thread's schedstat).
 */
export async function mainThreadShare<T>(work: () => Promise<T>): Promise<{ result: T; share: number }> {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const mainMs = () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  const mainBefore = mainMs();
  const before = process.cpuUsage();
  const result = await work();
  const main = mainMs() - mainBefore;
  const all = process.cpuUsage(before);
  return { result, share: main / ((all.user + all.system) / 1000) };
}
