import { Redis, type RedisOptions } from 'ioredis';
import type { ConnectionFaults } from '../faults/fault-log.ts';

/**
 * Bounds for a Redis connection on the request path: a request never waits on Redis
 * longer than `commandTimeout`, and while Redis is unreachable a command fails at once
 * (no offline queue, one retry) so that the caller answers 503 instead of hanging. The
 * connection itself keeps reconnecting, at most a second apart, so that service resumes
 * within about a second of Redis coming back.
 */
export const REQUEST_PATH_REDIS: RedisOptions = {
  connectTimeout: 1000,
  commandTimeout: 1000,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
};

/**
 * Background connections (the report queue's worker and producer, the pub/sub
 * subscriber) may wait for Redis: BullMQ's worker requires `maxRetriesPerRequest: null`.
 * They still reconnect at most a second apart.
 */
export const BACKGROUND_REDIS: RedisOptions = {
  connectTimeout: 2000,
  maxRetriesPerRequest: null,
  retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
};

/**
 * Every Redis connection the service opens comes from here, so that none lacks an
 * 'error' listener (ioredis would otherwise print "Unhandled error event" stacks) and
 * every failure is one structured log line.
 */
export function openRedis(url: string, role: string, faults: ConnectionFaults, options: RedisOptions): Redis {
  const redis = new Redis(url, { ...options, connectionName: `svc-api:${role}` });
  watchRedis(redis, role, faults);
  return redis;
}

/** Routes a connection's failures and recoveries to the fault log. */
export function watchRedis(redis: Redis, role: string, faults: ConnectionFaults): void {
  redis.on('error', (error: unknown) => faults.report('redis', error, `redis connection (${role}) failed`));
  redis.on('ready', () => faults.recovered('redis'));
}

/** Waits up to `ms` for the first connection, so the first requests find Redis ready; never throws. */
export async function awaitReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

/**
 * Closes a connection at shutdown: QUIT when Redis is connected (the server forgets the
 * client at once); otherwise the socket is dropped at once, because a QUIT would wait for
 * a reconnection that may never come, and this throws so that the shutdown names Redis.
 * A QUIT that gets no answer (Redis hung) is bounded by the caller's deadline, which then
 * calls `redis.disconnect()`.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  const status = redis.status;
  if (status === 'end') return;
  if (status !== 'ready') {
    redis.disconnect();
    throw new Error(`redis not connected (${status}): connection dropped`);
  }
  try {
    await redis.quit();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
}
