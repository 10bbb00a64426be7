import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobQueue, QueueHandler, QueueMessage } from './port.ts';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** BullMQ's key prefix: every instance that shares the queue uses the same one */
  prefix?: string;
  /** queue name inside the prefix */
  name?: string;
  /** messages handled at once by this process */
  concurrency?: number;
  logger?: {
    info?(fields: Record<string, unknown>, message: string): void;
    warn(fields: Record<string, unknown>, message: string): void;
  };
}

function isMessage(data: unknown): data is QueueMessage {
  const message = data as Partial<QueueMessage> | null;
  return message !== null && message?.v === 1 && typeof message.jobId === 'string';
}

/**
 * The shared report queue on BullMQ (Redis): a message enqueued by one instance may be
 * run by any instance, and waiting messages survive restarts of every instance. Delivery
 * is at least once (BullMQ re-delivers a message whose worker stalled); the report
 * service's lease in the database (claim) makes a job run once whoever receives it.
 *
 * A job id is deduplicated while its message waits; enqueued while it is being handled,
 * it is delivered once more after that (BullMQ's `keepLastIfActive`), as the in-process
 * queue does. Finished messages are removed, so that a later enqueue of the same id
 * (a retry, the sweep) is accepted.
 */
export function createBullmqQueue(options: BullmqQueueOptions): JobQueue {
  const prefix = options.prefix ?? 'svc:bull';
  const name = options.name ?? 'reports';
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const warn = (fields: Record<string, unknown>, message: string) => options.logger?.warn(fields, message);
  // producer commands fail after a few retries (the job is in the database; the sweep
  // resumes it); the worker's connection waits for Redis to come back (BullMQ requires null)
  const producerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  producerConnection.on('error', () => {});
  watchConnection(producerConnection, 'producer', options.logger);
  const queue = new Queue(name, { connection: producerConnection, prefix });
  queue.on('error', (error) => warn({ err: error }, 'report queue error'));
  const controller = new AbortController();
  let workerConnection: Redis | null = null;
  let worker: Worker | null = null;
  let running = 0;
  let closed = false;

  return {
    async enqueue(message) {
      if (closed) throw new Error('queue closed');
      await queue.add('report', message, {
        deduplication: { id: message.jobId, keepLastIfActive: true },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },

    start(handler: QueueHandler) {
      if (worker || closed) return;
      workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      workerConnection.on('error', () => {});
      watchConnection(workerConnection, 'worker', options.logger);
      worker = new Worker(
        name,
        async (job: Job) => {
          if (!isMessage(job.data)) {
            warn({ data: job.data }, 'report queue: unknown message dropped');
            return;
          }
          running += 1;
          try {
            await handler(job.data, controller.signal);
          } catch {
            // a handler records its own failures in the job; the queue only keeps going
          } finally {
            running -= 1;
          }
        },
        { connection: workerConnection, prefix, concurrency },
      );
      worker.on('error', (error) => warn({ err: error }, 'report worker error'));
    },

    async depth() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
      };
    },

    async drained() {
      for (;;) {
        if (closed) return;
        if (running === 0) {
          const counts = await queue.getJobCounts(
            'waiting',
            'active',
            'delayed',
            'prioritized',
            'waiting-children',
          );
          if (running === 0 && Object.values(counts).every((count) => count === 0)) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      controller.abort();
      // waits for running handlers, which return soon once aborted
      if (worker) await worker.close();
      await queue.close();
      for (const connection of [workerConnection, producerConnection]) {
        if (connection) await connection.quit().catch(() => connection.disconnect());
      }
    },
  };
}

/**
 * One log line each time a queue connection goes down or comes back (not per retry):
 * the operator sees when and for how long the report queue lost Redis. The Redis URL is
 * never logged (it may hold a password).
 */
function watchConnection(
  connection: Redis,
  role: 'producer' | 'worker',
  logger: BullmqQueueOptions['logger'],
) {
  if (!logger) return;
  let down = false;
  let downSinceMs = 0;
  connection.on('ready', () => {
    if (down) {
      logger.info?.(
        { event: 'queue.connection_restored', role, duration_ms: Date.now() - downSinceMs },
        'report queue connection restored',
      );
    } else logger.info?.({ event: 'queue.connection_ready', role }, 'report queue connected');
    down = false;
  });
  connection.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    downSinceMs = Date.now();
    logger.warn(
      { event: 'queue.connection_lost', role, error: error.name, error_code: error.code },
      'report queue connection lost',
    );
  });
}
