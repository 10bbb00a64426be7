import { existsSync, readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

/** the longest gaps of the event loop over a span of time, in ms (see startStallSampler) */
export interface LoopGaps {
  stallMs: number;
  blockMs: number;
  /** the longest block less the garbage collector's pauses inside it */
  workMs: number;
  /** the collector's pauses inside the longest block */
  blockGcMs: number;
}

export interface StallSampler {
  /** the longest stall since the sampler started or since the last call, which starts anew */
  takeLongest(): number;
  /** the longest stall, block and work (see startStallSampler) since the last take; starts anew */
  take(): LoopGaps;
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
 * - the work: the block less the garbage collector's pauses inside it (perf_hooks 'gc'
 *   entries). A major collection of a few hundred MB of heap runs partly on this thread, and
 *   more of it when its helper threads wait for a core (a city import beside two busy loops:
 *   blocks of 7-13 ms held pauses of 15-42 ms; on a CI machine running three test files the
 *   block of one reached 58 ms). The pause is wall time, so a block that holds one is
 *   counted short: the work is a floor of what the code under test put on the loop, sharp
 *   for what it is meant to catch (a package parsed on the loop takes seconds).
 *
 * All come from the main thread's schedstat (Linux: run time, run-queue wait, in ns);
 * elsewhere nothing is left out and all are the wall-clock stall. The collector's entries
 * reach the observer a turn after the pause: `take` counts those that have arrived, so a
 * caller lets the loop turn first (`settle`). The ticks do not keep the process alive.
 */
export function startStallSampler(): StallSampler {
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const scheduled = existsSync(schedstat)
    ? () => {
        const [ran, queued] = readFileSync(schedstat, 'utf8').split(' ');
        return { ranMs: Number(ran) / 1e6, queuedMs: Number(queued) / 1e6 };
      }
    : null;
  /** spans between two ticks long enough to matter, kept until the next take */
  let spans: Array<{ from: number; to: number; blockMs: number }> = [];
  let pauses: Array<{ from: number; to: number }> = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ from: entry.startTime, to: entry.startTime + entry.duration });
  });
  collector.observe({ entryTypes: ['gc'] });
  let lastAt = performance.now();
  let last = scheduled?.();
  let stallMs = 0;
  const sample = () => {
    const now = performance.now();
    const current = scheduled?.();
    const wallMs = now - lastAt;
    const stall = current && last ? wallMs - (current.queuedMs - last.queuedMs) : wallMs;
    stallMs = Math.max(stallMs, stall);
    const blockMs = current && last ? current.ranMs - last.ranMs : stall;
    if (blockMs > 2) spans.push({ from: lastAt, to: now, blockMs });
    lastAt = now;
    last = current;
  };
  const ticker = setInterval(sample, 5);
  ticker.unref();
  const pausedWithin = (from: number, to: number) =>
    pauses.reduce((sum, pause) => sum + Math.max(0, Math.min(to, pause.to) - Math.max(from, pause.from)), 0);
  const take = (): LoopGaps => {
    // a stall that ends now is seen here, before any tick
    sample();
    const gaps: LoopGaps = { stallMs, blockMs: 0, workMs: 0, blockGcMs: 0 };
    for (const span of spans) {
      const gcMs = pausedWithin(span.from, span.to);
      gaps.workMs = Math.max(gaps.workMs, span.blockMs - gcMs);
      if (span.blockMs > gaps.blockMs) Object.assign(gaps, { blockMs: span.blockMs, blockGcMs: gcMs });
    }
    stallMs = 0;
    spans = [];
    pauses = pauses.filter((pause) => pause.to > lastAt - 1_000);
    return gaps;
  };
  return {
    take,
    takeLongest: () => take().stallMs,
    stop: () => {
      clearInterval(ticker);
      collector.disconnect();
    },
  };
}

/** lets the loop turn so that the collector's latest entries reach the sampler */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * The longest the event loop went without a turn while `work` ran, as a stall and as a
 * block (see startStallSampler).
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T } & LoopGaps> {
  const sampler = startStallSampler();
  try {
    const result = await work();
    await settle();
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
