import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createBullmqQueue } from '../../../src/adapters/queue/bullmq.ts';
import { createReportJobStore, type ReportJob } from '../../../src/adapters/store/report-jobs.ts';
import type { JobQueue, QueueMessage } from '../../../src/services/reports/job-queue-port.ts';
import type { JobView } from '../../../src/services/reports/service.ts';
import { BRUSSELS_POINT } from '../../helpers/report-stats.ts';
import {
  controllableRenderer,
  fixtureStats,
  startHarness,
  statisticsOf,
  tempDatabase,
} from '../../helpers/reports.ts';
import { until } from '../../helpers/until.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The BullMQ report queue against the real Redis, each test in its own key prefix. */
describe('BullMQ report queue (real Redis)', () => {
  const runPrefix = `svc-test-${randomBytes(6).toString('hex')}`;
  const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const queues: JobQueue[] = [];
  let testNo = 0;
  /** a prefix shared by the "instances" of one test */
  const nextPrefix = () => `${runPrefix}:${++testNo}`;
  const open = (prefix: string, concurrency = 2) => {
    const queue = createBullmqQueue({ redisUrl: REDIS_URL, prefix, concurrency });
    queues.push(queue);
    return queue;
  };
  const message = (jobId: string): QueueMessage => ({ v: 1, jobId });

  after(async () => {
    for (const queue of queues) await queue.close();
    // leave nothing behind in the shared Redis
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', `${runPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await admin.del(...keys);
    } while (cursor !== '0');
    const [, left] = await admin.scan('0', 'MATCH', `${runPrefix}:*`, 'COUNT', 10_000);
    assert.equal(left.length, 0);
    await admin.quit();
  });

  test('a message enqueued by one instance survives its restart and is run by another', async () => {
    const prefix = nextPrefix();
    const a = open(prefix);
    await a.enqueue(message('job-1'));
    await a.enqueue(message('job-2'));
    await a.close(); // instance A goes away before anyone ran the messages
    const seen: string[] = [];
    const b = open(prefix);
    b.start(async (received) => {
      seen.push(received.jobId);
    });
    await until(() => seen.length === 2);
    await b.drained();
    assert.deepEqual(seen.sort(), ['job-1', 'job-2']);
  });

  test('a waiting job id is not added twice; enqueued while running, it runs once more after', async () => {
    const prefix = nextPrefix();
    const producer = open(prefix);
    for (let i = 0; i < 5; i += 1) await producer.enqueue(message('same'));
    const runs: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = open(prefix);
    worker.start(async (received) => {
      runs.push(received.jobId);
      if (runs.length === 1) await gate;
    });
    await until(() => runs.length === 1);
    // while it runs, two more enqueues (a retry, the sweep) collapse into one more delivery
    await producer.enqueue(message('same'));
    await producer.enqueue(message('same'));
    release();
    await until(() => runs.length === 2);
    await worker.drained();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(runs, ['same', 'same']);
    // finished messages are removed: the same id can be enqueued again later
    await producer.enqueue(message('same'));
    await until(() => runs.length === 3);
  });

  test('messages are shared out between instances, at most `concurrency` at a time in each', async () => {
    const prefix = nextPrefix();
    const producer = open(prefix);
    const ids = Array.from({ length: 24 }, (_, i) => `job-${i}`);
    for (const id of ids) await producer.enqueue(message(id));
    const byInstance = new Map<string, string[]>();
    let active = 0;
    let maxActive = 0;
    for (const instance of ['a', 'b']) {
      const worker = open(prefix, 2);
      byInstance.set(instance, []);
      worker.start(async (received) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        byInstance.get(instance)?.push(received.jobId);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active -= 1;
      });
    }
    await until(() => [...byInstance.values()].flat().length === ids.length);
    await producer.drained();
    const all = [...byInstance.values()].flat();
    assert.deepEqual([...all].sort(), [...ids].sort(), 'each message delivered exactly once');
    assert.ok(maxActive <= 4, `at most 2 per instance, saw ${maxActive} at once`);
    assert.ok((byInstance.get('a')?.length ?? 0) > 0 && (byInstance.get('b')?.length ?? 0) > 0);
  });

  test('a throwing handler does not stop the queue; close aborts running handlers and waits', async () => {
    const prefix = nextPrefix();
    const queue = open(prefix, 1);
    const seen: string[] = [];
    let aborted = false;
    let finished = false;
    queue.start(async (received, signal) => {
      seen.push(received.jobId);
      if (received.jobId === 'boom') throw new Error('handler failure');
      if (received.jobId === 'long') {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        aborted = signal.aborted;
        finished = true;
      }
    });
    await queue.enqueue(message('boom'));
    await queue.enqueue(message('after'));
    await until(() => seen.includes('after'));
    await queue.enqueue(message('long'));
    await until(() => seen.includes('long'));
    await queue.close();
    assert.equal(aborted, true);
    assert.equal(finished, true, 'close waited for the running handler');
    await assert.rejects(queue.enqueue(message('late')), /closed/);
  });

  test('two report services on one PostgreSQL database and one queue run every job once', async () => {
    const prefix = nextPrefix();
    const db = await tempDatabase('postgres');
    const statsCalls: number[] = [];
    const renderer = controllableRenderer();
    let deliveries = 0;
    /** counts what the queue hands to the report worker, duplicates included */
    const counted = (queue: JobQueue): JobQueue => ({
      ...queue,
      start: (handler) =>
        queue.start((received, signal) => {
          deliveries += 1;
          return handler(received, signal);
        }),
    });
    const overrides = (queue: JobQueue) => ({
      queue: counted(queue),
      clock: Date.now,
      retryDelayMs: 10,
      statistics: statisticsOf(async (input: Parameters<typeof fixtureStats>[0]) => {
        statsCalls.push(input.radius);
        // slow enough that duplicate deliveries overlap with the run
        await new Promise((resolve) => setTimeout(resolve, 40));
        return fixtureStats(input);
      }),
    });
    const a = await startHarness({ opened: db.opened, renderer, overrides: overrides(open(prefix, 3)) });
    const b = await startHarness({ opened: db.opened, renderer, overrides: overrides(open(prefix, 3)) });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const submitted = await (i % 2 === 0 ? a : b).service.submit({
          keyId: 'key_scale',
          reportsPerDay: 100,
          scope: { cities: ['*'], metrics: ['*'] },
          body: { lat: BRUSSELS_POINT.lat, lon: BRUSSELS_POINT.lon, radius: 10 + i },
        });
        ids.push(submitted.job_id);
      }
      // every instance's sweep re-enqueues whatever is unheld, over and over: duplicates
      // delivered to both workers must still run each job once
      const queueA = open(prefix);
      const queueB = open(prefix);
      for (let round = 0; round < 5; round += 1) {
        await Promise.all([a.service.resumeInterrupted(), b.service.resumeInterrupted()]);
        await Promise.all(ids.map((id) => (round % 2 ? queueA : queueB).enqueue(message(id))));
      }
      const views = new Map<string, JobView>();
      await until(
        async () => {
          for (const id of ids)
            views.set(id, await (ids.indexOf(id) % 2 ? a : b).service.get('key_scale', id));
          return [...views.values()].every((view) => view.status === 'completed');
        },
        { timeoutMs: 30_000, what: 'every job completed' },
      );
      // late duplicates of finished jobs, delivered to both instances, change nothing
      for (const id of ids) await queueA.enqueue(message(id));
      await Promise.all([a.service.idle(), b.service.idle()]);
      assert.ok(deliveries >= 2 * ids.length, `duplicates were delivered (${deliveries})`);
      assert.equal(statsCalls.length, ids.length, 'the statistics ran once per job');
      assert.deepEqual(
        [...statsCalls].sort((x, y) => x - y),
        ids.map((_, i) => 10 + i),
      );
      assert.equal(renderer.state.calls, ids.length, 'each PDF printed once');
      const store = createReportJobStore(db.opened.db);
      const jobs = (await Promise.all(ids.map((id) => store.get(id)))) as ReportJob[];
      assert.ok(jobs.every((job) => job.attempts === 1 && job.hasPdf));
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
