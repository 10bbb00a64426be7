import { existsSync, readFileSync } from 'node:fs';

export interface StallSampler {
  /** the longest stall since the sampler started or since the last call, which starts anew */
  takeLongest(): number;
  /** the longest stall and the longest block (see startStallSampler) since the last take; starts anew */
  take(): { stallMs: number; blockMs: number };
  stop(): void;
}

/**
 * Samples the event loop every 5 ms for the longest it went without a turn, two ways:
 *
 * - the stall: wall-clock time, not counting the time the kernel kept this (runnable)
 *   thread waiting for a CPU. On a loaded two-core CI machine that wait alone reached 60 ms
 *   between two 5 ms ticks; it says nothing about the code under test, whereas a stretch of
 *   work on this thread (or a blocking call) still counts in full.
 * - the block: only the CPU time this thread ran between two turns, that is the work the
 *   loop did instead of turning. It leaves out, besides the wait for a core, the time the
 *   thread slept on another thread of the process that was itself waiting for a core (the
 *   garbage collector's helpers, a worker holding a lock): beside four busy loops a stall
 *   of 132 ms was seen in which this thread neither ran nor waited to run, and one of 254 ms
 *   in which it ran 17 ms. Work put on the loop counts in full; a blocking call only for
 *   the CPU it takes. Tests that a piece of work runs off the loop hold the block.
 *
 * Both come from the main thread's schedstat (Linux: run time, run-queue wait, in ns);
 * elsewhere nothing is left out and both are the wall-clock stall. The ticks do not keep
 * the process alive.
 */
export function startStallSampler(): StallSampler {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const scheduled = existsSync(schedstat)
    ? () => {
        const [ran, queued] = readFileSync(schedstat, 'utf8').split(' ');
        return { ranMs: Number(ran) / 1e6, queuedMs: Number(queued) / 1e6 };
      }
    : null;
  let lastAt = performance.now();
  let last = scheduled?.();
  let stallMs = 0;
  let blockMs = 0;
  const sample = () => {
    const now = performance.now();
    const current = scheduled?.();
    const wallMs = now - lastAt;
    const stall = current && last ? wallMs - (current.queuedMs - last.queuedMs) : wallMs;
    stallMs = Math.max(stallMs, stall);
    blockMs = Math.max(blockMs, current && last ? current.ranMs - last.ranMs : stall);
    lastAt = now;
    last = current;
  };
  const ticker = setInterval(sample, 5);
  ticker.unref();
  const take = () => {
    // a stall that ends now is seen here, before any tick
    sample();
    const longest = { stallMs, blockMs };
    stallMs = 0;
    blockMs = 0;
    return longest;
  };
  return {
    take,
    takeLongest: () => take().stallMs,
    stop: () => clearInterval(ticker),
  };
}

/**
 * The longest the event loop went without a turn while `work` ran, as a stall and as a
 * block (see startStallSampler).
 */
export async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stallMs: number; blockMs: number }> {
  const sampler = startStallSampler();
  try {
    const result = await work();
    return { result, ...sampler.take() };
  } finally {
    sampler.stop();
  }
}

/**
 * The CPU time the main thread (the event loop's) has run so far, in ms: a block of the loop
 * divided by the main thread's CPU time over the same work is a share that a slower or
 * busier machine stretches on both sides alike. Linux only (the main thread's schedstat).
 */
export function mainThreadMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}

/**
 * The share of the process's CPU time (every thread's) that the main thread spent while
 * `work` ran: work handed to worker threads counts in the whole and not in the share, so
 * the figure stays the same on a slower machine. Linux only (the main thread's schedstat).
 */
export async function mainThreadShare<T>(work: () => Promise<T>): Promise<{ result: T; share: number }> {
  const mainBefore = mainThreadMs();
  const before = process.cpuUsage();
  const result = await work();
  const main = mainThreadMs() - mainBefore;
  const all = process.cpuUsage(before);
  return { result, share: main / ((all.user + all.system) / 1000) };
}
