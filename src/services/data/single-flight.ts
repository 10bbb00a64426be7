import { apiError } from '../../domain/errors/catalogue.ts';
import { withinDeadline } from '../../domain/errors/deadline.ts';

/**
 * Runs one piece of work per key at a time: concurrent identical requests share the
 * same promise, and the work outlives any caller that stops waiting for it. `onJoin` is
 * told each time a caller joins work already running (metrics).
 */
export function createSingleFlight<T>(onJoin?: () => void) {
  const inflight = new Map<string, Promise<T>>();
  return {
    run(key: string, work: () => Promise<T>): Promise<T> {
      const running = inflight.get(key);
      if (running) {
        onJoin?.();
        return running;
      }
      const started = work().finally(() => inflight.delete(key));
      inflight.set(key, started);
      // a caller that gave up must not turn a later failure into an unhandled rejection
      started.catch(() => {});
      return started;
    },
    get size() {
      return inflight.size;
    },
  };
}

/** Waits at most `ms` for the work; past it answers 504 upstream_timeout while the work goes on. */
export function awaitWithDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return withinDeadline(work, ms, () => {
    throw apiError(
      'upstream_timeout',
      `${what} is still being computed; retry shortly and the finished result will be served.`,
    );
  });
}
