import type { JobQueue, QueueHandler, QueueMessage } from '../../services/reports/job-queue-port.ts';

/**
 * The embedded queue: a FIFO in this process. It loses nothing on a crash because the
 * database is the record of every job; on start the report service re-enqueues what was
 * left unfinished.
 */
export function createInProcessQueue(options: { concurrency?: number } = {}): JobQueue {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const waiting: QueueMessage[] = [];
  const waitingIds = new Set<string>();
  const controller = new AbortController();
  let handler: QueueHandler | null = null;
  let running = 0;
  let closed = false;
  let idleWaiters: Array<() => void> = [];
  const inFlight = new Set<Promise<void>>();

  function settleIdle(): void {
    if (running > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    while (handler && !closed && running < concurrency && waiting.length > 0) {
      const message = waiting.shift() as QueueMessage;
      waitingIds.delete(message.jobId);
      running += 1;
      const task = handler(message, controller.signal)
        // a handler records its own failures in the job; the queue only keeps going
        .catch(() => {})
        .finally(() => {
          running -= 1;
          inFlight.delete(task);
          pump();
          settleIdle();
        });
      inFlight.add(task);
    }
  }

  return {
    async enqueue(message) {
      if (closed) throw new Error('queue closed');
      if (waitingIds.has(message.jobId)) return;
      waitingIds.add(message.jobId);
      waiting.push(message);
      // deliver on a later tick so the caller's response is never held by the work
      setImmediate(pump);
    },
    start(next) {
      handler = next;
      setImmediate(pump);
    },
    async depth() {
      return { waiting: waiting.length, active: running, delayed: 0 };
    },
    drained() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      waiting.length = 0;
      waitingIds.clear();
      controller.abort();
      await Promise.allSettled([...inFlight]);
      settleIdle();
    },
  };
}
