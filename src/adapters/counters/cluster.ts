import cluster, { type Worker } from 'node:cluster';
import { DependencyUnavailableError } from '../../domain/errors/dependency.ts';
import type { CounterResult, Counters } from '../../services/ports/counters-port.ts';

/**
 * Rate windows shared by the HTTP processes of one machine (WORKERS > 1, no Redis): the
 * primary process owns the counters (in its memory, createMemoryCounters) and each
 * worker asks it over the cluster's IPC channel. One owner makes every increment atomic
 * across processes, so a key's minute window is exact however the connections are spread,
 * and a round trip over the local pipe costs tens of microseconds where a SQLite write
 * per request would make processes wait on each other's file locks.
 *
 * Under load many requests reach their rate window in the same turn of the event loop:
 * a worker sends their operations as one message at the end of that turn (setImmediate)
 * and the primary applies them in order and answers them in one message, so the pipe, the
 * serialisation and the primary's CPU are paid per batch rather than per request.
 */
type Operation =
  | { op: 'incrementWithin'; name: string; by: number; limit: number; expiresAtMs: number }
  | { op: 'read'; name: string; nowMs: number }
  | { op: 'decrement'; name: string; by: number };

interface CounterRequest {
  svcCounters: 'request';
  batch: number;
  items: Array<{ id: number; operation: Operation }>;
}
interface CounterReply {
  svcCounters: 'reply';
  batch: number;
  items: Array<{ id: number; result?: CounterResult | number | null; error?: string }>;
}

const isReply = (message: unknown): message is CounterReply =>
  typeof message === 'object' && message !== null && (message as CounterReply).svcCounters === 'reply';
const isRequest = (message: unknown): message is CounterRequest =>
  typeof message === 'object' && message !== null && (message as CounterRequest).svcCounters === 'request';

const unavailable = (reason: string) =>
  new DependencyUnavailableError('counters', { cause: new Error(reason) });

/** The worker side: the Counters port answered by the primary. */
export function createClusterCounters(timeoutMs = 2_000): Counters {
  if (!cluster.isWorker || !process.send) throw new Error('cluster counters run in a cluster worker only');
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let batch: CounterRequest['items'] = [];
  let nextBatch = 1;
  /** the deadline of each batch sent and not answered yet */
  const deadlines = new Map<number, NodeJS.Timeout>();
  const onMessage = (message: unknown) => {
    if (!isReply(message)) return;
    clearTimeout(deadlines.get(message.batch));
    deadlines.delete(message.batch);
    for (const item of message.items) {
      const waiter = waiting.get(item.id);
      if (!waiter) continue;
      waiting.delete(item.id);
      if (item.error !== undefined) waiter.reject(unavailable(item.error));
      else waiter.resolve(item.result);
    }
  };
  process.on('message', onMessage);

  function fail(ids: readonly number[], reason: string): void {
    for (const id of ids) {
      const waiter = waiting.get(id);
      waiting.delete(id);
      waiter?.reject(unavailable(reason));
    }
  }

  function flush(): void {
    const items = batch;
    batch = [];
    const ids = items.map((item) => item.id);
    if (!process.connected) {
      fail(ids, 'no primary process');
      return;
    }
    // one deadline for the whole batch: the primary answers it in one message
    const number = nextBatch++;
    const deadline = setTimeout(() => {
      deadlines.delete(number);
      fail(ids, 'the primary process did not answer the counter request');
    }, timeoutMs);
    deadline.unref();
    deadlines.set(number, deadline);
    process.send?.({ svcCounters: 'request', batch: number, items } satisfies CounterRequest);
  }

  function ask<T>(operation: Operation): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (batch.length === 0) setImmediate(flush);
      batch.push({ id, operation });
    });
  }
  return {
    incrementWithin: (name, by, limit, expiresAtMs) =>
      ask<CounterResult>({ op: 'incrementWithin', name, by, limit, expiresAtMs }),
    read: (name, nowMs) => ask<number>({ op: 'read', name, nowMs }),
    decrement: (name, by) => ask<void>({ op: 'decrement', name, by }),
    async close() {
      process.off('message', onMessage);
      for (const deadline of deadlines.values()) clearTimeout(deadline);
      deadlines.clear();
      for (const waiter of waiting.values()) waiter.reject(new Error('counters closed'));
      waiting.clear();
    },
  };
}

function apply(counters: Counters, operation: Operation): Promise<CounterResult | number | null> {
  if (operation.op === 'incrementWithin')
    return counters.incrementWithin(operation.name, operation.by, operation.limit, operation.expiresAtMs);
  if (operation.op === 'read') return counters.read(operation.name, operation.nowMs);
  return counters.decrement(operation.name, operation.by).then(() => null);
}

/** The primary side: applies one worker's batches of counter operations in order and answers each batch at once. */
export function serveClusterCounters(worker: Worker, counters: Counters): void {
  worker.on('message', (message: unknown) => {
    if (!isRequest(message)) return;
    // started in the order sent, so increments of one batch apply in that order
    const answers = message.items.map(({ id, operation }) =>
      apply(counters, operation).then(
        (result) => ({ id, result }),
        (error: unknown) => ({ id, error: String(error) }),
      ),
    );
    void Promise.all(answers).then(
      (items) =>
        worker.isConnected() &&
        worker.send({ svcCounters: 'reply', batch: message.batch, items } satisfies CounterReply),
    );
  });
}
