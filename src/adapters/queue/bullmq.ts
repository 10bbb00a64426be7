import { type Job, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobQueue, QueueHandler, QueueMessage } from '../../services/reports/job-queue-port.ts';
import type { FaultLog } from '../faults/fault-log.ts';
import { BACKGROUND_REDIS, closeRedis, openRedis, REQUEST_PATH_REDIS } from '../redis/connection.ts';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** BullMQ's key prefix: every instance that shares the queue uses the same one */
  prefix?: string;
  /** queue name inside the prefix */
  name?: string;
  /** messages handled at once by this process */
  concurrency?: number;
  /** where connection failures are logged, one structured line each */
  faults?: FaultLog;
  /**
   * how long a message stays with a worker that stopped renewing its lock before BullMQ
   * hands it to another (a dead instance's job moves on within this plus `stalledMs`)
   */
  lockMs?: number;
  stalledMs?: number;
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
  const report = (error: unknown, message: string) => options.faults?.report('redis', error, message);
  // producer commands are on the request path: they fail fast while Redis is down (the
  // job is in the database; the sweep resumes it); the worker's connection waits for
  // Redis to come back (BullMQ requires maxRetriesPerRequest null there)
  const noFaults = { report() {}, recovered() {}, bind() {} };
  const producerConnection = openRedis(
    options.redisUrl,
    'queue',
    options.faults ?? noFaults,
    REQUEST_PATH_REDIS,
  );
  watchConnection(producerConnection, 'producer', options.logger);
  const queue = new Queue(name, { connection: producerConnection, prefix });
  queue.on('error', (error) => report(error, 'report queue error'));
  const controller = new AbortController();
  let workerConnection: Redis | null = null;
  let worker: Worker | null = null;
  let running = 0;
  /** the handlers running now, waited for at close (they hand their job back once aborted) */
  const handling = new Set<Promise<void>>();
  let closed = false;
  let producerClosed = false;

  return {
    async enqueue(message) {
      // while closing, a handler may still hand its job back (enqueue), until the producer closes
      if (closed && producerClosed) throw new Error('queue closed');
      await queue.add('report', message, {
        deduplication: { id: message.jobId, keepLastIfActive: true },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },

    start(handler: QueueHandler) {
      if (worker || closed) return;
      workerConnection = openRedis(options.redisUrl, 'worker', options.faults ?? noFaults, BACKGROUND_REDIS);
      watchConnection(workerConnection, 'worker', options.logger);
      worker = new Worker(
        name,
        async (job: Job) => {
          if (!isMessage(job.data)) {
            report(new Error('unknown message'), 'report queue: unknown message dropped');
            return;
          }
          running += 1;
          const handled = handler(job.data, controller.signal).catch(() => {
            // a handler records its own failures in the job; the queue only keeps going
          });
          handling.add(handled);
          try {
            await handled;
          } finally {
            handling.delete(handled);
            running -= 1;
          }
        },
        {
          connection: workerConnection,
          prefix,
          concurrency,
          lockDuration: options.lockMs ?? 6000,
          stalledInterval: options.stalledMs ?? 3000,
        },
      );
      worker.on('error', (error) => report(error, 'report worker error'));
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
      const connections = [workerConnection, producerConnection].filter((c): c is Redis => c !== null);
      if (connections.every((connection) => connection.status === 'ready')) {
        // waits for running handlers, which return soon once aborted
        if (worker) await worker.close();
        producerClosed = true;
        await queue.close();
      } else {
        // Redis is unreachable: BullMQ's own close would wait for it to come back. The
        // handlers still hand their jobs back (to the database; the sweep re-enqueues them)
        await Promise.allSettled([...handling]);
        producerClosed = true;
        void worker?.close(true).catch(() => {});
        void queue.close().catch(() => {});
      }
      const outcomes = await Promise.allSettled(connections.map(closeRedis));
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },

    abandon() {
      closed = true;
      controller.abort();
      for (const connection of [workerConnection, producerConnection]) connection?.disconnect();
      void worker?.disconnect().catch(() => {});
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
