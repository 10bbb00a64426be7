import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { createBullmqQueue } from '../../../src/adapters/queue/bullmq.ts';
import { withinDeadline } from '../../../src/domain/errors/deadline.ts';
import { startOwnRedis } from '../../faults/processes.ts';
import { freePort } from '../../helpers/instances.ts';
import { until } from '../../helpers/until.ts';

const run = promisify(execFile);

/**
 * Issue #41: closing the BullMQ report queue when its Redis is unreachable or frozen.
 * BullMQ's own close waits for Redis to come back; the queue must not.
 */
describe('BullMQ report queue: close with Redis unreachable or frozen', () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  test('Redis unreachable: close ends at once and says Redis was not connected', async () => {
    const queue = createBullmqQueue({
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      prefix: 'svc-test:down',
    });
    queue.start(async () => {});
    // the connections have tried and failed at least once
    await new Promise((resolve) => setTimeout(resolve, 500));
    const outcome = await withinDeadline(
      queue.close().then(
        () => 'closed cleanly',
        (error: Error) => error.message,
      ),
      5000,
      () => 'still closing after 5 s',
    );
    assert.match(outcome, /redis not connected/);
    await assert.rejects(queue.enqueue({ v: 1, jobId: 'late' }), /closed/);
  });

  test('Redis frozen (SIGSTOP): close waits; abandon drops every connection', async () => {
    const redis = await startOwnRedis();
    cleanups.push(async () => {
      redis.resume();
      await redis.destroy();
    });
    const clientList = async () =>
      (await run('redis-cli', ['-p', String(redis.port), 'client', 'list'])).stdout.split('\n');
    const clients = async () =>
      (await clientList()).filter((line) => /name=svc-api:(queue|worker)/.test(line)).length;
    const queue = createBullmqQueue({ redisUrl: redis.url, prefix: 'svc-test:frozen' });
    queue.start(async () => {});
    // a connection shows in the list once named, before its ready check: wait for both to
    // have served a command (the producer answers depth(); the worker blocks for a job),
    // else close takes the unreachable path
    await queue.depth?.();
    await until(async () => (await clientList()).some((line) => /cmd=bzpopmin/.test(line)), {
      what: 'the worker waiting for jobs',
    });
    redis.pause();
    const closing = queue.close().then(
      () => 'closed',
      () => 'failed',
    );
    const early = await withinDeadline(closing, 1500, () => 'still closing');
    assert.equal(early, 'still closing', 'a frozen Redis cannot answer the goodbye');
    queue.abandon?.();
    redis.resume();
    await until(async () => (await clients()) === 0, { what: 'the abandoned connections gone' });
  });
});
