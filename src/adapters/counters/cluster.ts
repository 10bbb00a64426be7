import cluster, { type Worker } from 'node:cluster';
import { DependencyUnavailableError } from '../../domain/errors/dependency.ts';
import type { CounterResult, Counters } from './port.ts';

/**
 * Rate windows shared by the HTTP processes of one machine (WORKERS > 1, no Redis): the
 * primary process owns the counters (in its memory, createMemoryCounters) and each
 * worker asks it over the cluster's IPC channel. One owner makes every increment atomic
 * across processes, so a key's minute window is exact however the connections are spread,
 * and a round trip over the local pipe costs tens of microseconds where a SQLite write
 * per request would make processes wait on each other's file locks.
 */
type Operation =
  | { op: 'incrementWithin'; name: string; by: number; limit: number; expiresAtMs: number }
  | { op: 'read'; name: string; nowMs: number }
  | { op: 'decrement'; name: string; by: number };

interface CounterRequest {
  svcCounters: 'request';
  id: number;
  operation: Operation;
}
interface CounterReply {
  svcCounters: 'reply';
  id: number;
  result?: CounterResult | number | null;
  error?: string;
}

const isReply = (message: unknown): message is CounterReply =>
  typeof message === 'object' && message !== null && (message as CounterReply).svcCounters === 'reply';
const isRequest = (message: unknown): message is CounterRequest =>
  typeof message === 'object' && message !== null && (message as CounterRequest).svcCounters === 'request';

/** The worker side: the Counters port answered by the primary. */
export function createClusterCounters(timeoutMs = 2_000): Counters {
  if (!cluster.isWorker || !process.send) throw new Error('cluster counters run in a cluster worker only');
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const onMessage = (message: unknown) => {
    if (!isReply(message)) return;
    const waiter = waiting.get(message.id);
    if (!waiter) return;
    waiting.delete(message.id);
    if (message.error !== undefined)
      waiter.reject(new DependencyUnavailableError('counters', { cause: new Error(message.error) }));
    else waiter.resolve(message.result);
  };
  process.on('message', onMessage);
  function ask<T>(operation: Operation): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(
          new DependencyUnavailableError('counters', {
            cause: new Error('the primary process did not answer the counter request'),
          }),
        );
      }, timeoutMs);
      timer.unref();
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (!process.connected) {
        waiting.delete(id);
        clearTimeout(timer);
        reject(new DependencyUnavailableError('counters', { cause: new Error('no primary process') }));
        return;
      }
      process.send?.({ svcCounters: 'request', id, operation } satisfies CounterRequest);
    });
  }
  return {
    incrementWithin: (name, by, limit, expiresAtMs) =>
      ask<CounterResult>({ op: 'incrementWithin', name, by, limit, expiresAtMs }),
    read: (name, nowMs) => ask<number>({ op: 'read', name, nowMs }),
    decrement: (name, by) => ask<void>({ op: 'decrement', name, by }),
    async close() {
      process.off('message', onMessage);
      for (const waiter of waiting.values()) waiter.reject(new Error('counters closed'));
      waiting.clear();
    },
  };
}

/** The primary side: answers one worker's counter requests from the primary's counters. */
export function serveClusterCounters(worker: Worker, counters: Counters): void {
  worker.on('message', (message: unknown) => {
    if (!isRequest(message)) return;
    const { id, operation } = message;
    const answer =
      operation.op === 'incrementWithin'
        ? counters.incrementWithin(operation.name, operation.by, operation.limit, operation.expiresAtMs)
        : operation.op === 'read'
          ? counters.read(operation.name, operation.nowMs)
          : counters.decrement(operation.name, operation.by).then(() => null);
    answer.then(
      (result) =>
        worker.isConnected() && worker.send({ svcCounters: 'reply', id, result } satisfies CounterReply),
      (error: unknown) =>
        worker.isConnected() &&
        worker.send({ svcCounters: 'reply', id, error: String(error) } satisfies CounterReply),
    );
  });
}
