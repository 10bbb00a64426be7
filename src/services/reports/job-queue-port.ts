/**
 * The report queue: it carries job ids only (the database holds the job), so any queue
 * engine can sit behind it. The payload is versioned so that a worker of a newer release
 * can still read messages left by an older one. Adapters: adapters/queue/in-process.ts
 * (one instance) and adapters/queue/bullmq.ts (Redis, several instances).
 */
export interface QueueMessage {
  v: 1;
  jobId: string;
}

export type QueueHandler = (message: QueueMessage, signal: AbortSignal) => Promise<void>;

export interface JobQueue {
  /** adds a message; a job id already waiting is not added twice */
  enqueue(message: QueueMessage): Promise<void>;
  /** starts delivering messages to `handler`, at most `concurrency` at a time */
  start(handler: QueueHandler): void;
  /** resolves when nothing is waiting or running (tests, benchmarks, shutdown) */
  drained(): Promise<void>;
  /** messages waiting, being handled and delayed (metrics); optional for simple queues */
  depth?(): Promise<{ waiting: number; active: number; delayed: number }>;
  /**
   * stops taking messages, aborts running handlers and waits for them; throws when the
   * queue's server could not be told goodbye (it was unreachable)
   */
  close(): Promise<void>;
  /** drops whatever connection the queue still holds (a shutdown past its deadline) */
  abandon?(): void;
}
