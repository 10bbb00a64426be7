import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createBullmqQueue } from '../../../src/adapters/queue/bullmq.ts';
import { createInProcessQueue } from '../../../src/adapters/queue/in-process.ts';
import { createReportJobStore } from '../../../src/adapters/store/report-jobs.ts';
import { createPrometheusMetrics } from '../../../src/adapters/telemetry/prometheus.ts';
import { DISABLED_TRACING } from '../../../src/services/ports/telemetry-port.ts';
import type { JobLogger } from '../../../src/services/reports/job-events.ts';
import type { ReportJobStore } from '../../../src/services/reports/report-job-store-port.ts';
import { REDIS_URL } from '../../helpers/instances.ts';
import { controllableRenderer, suiteResources } from '../../helpers/reports.ts';
import { parseExposition, sampleValue } from '../../helpers/scrape.ts';

/**
 * Issue #38 item 7: a heartbeat in flight when the worker completes its job used to find
 * the job no longer processing and log `job.lease_lost` after `job.completed`. Here each
 * job's PDF is printed the moment its heartbeat goes out, and the heartbeat reaches the
 * real database a few random milliseconds later (as a pool or network delay makes it), so
 * the completion and the heartbeat race on every job. The only lease_lost a completed job
 * may see is none.
 */
type Line = Record<string, unknown> & { level: string; msg: string };
const JOBS = 10;
const SCOPE = { cities: ['*'], metrics: ['*'] };

function capturingLogger(lines: Line[]): JobLogger {
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ ...fields, level, msg });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** The real store, with each heartbeat announced when it is sent and delayed on its way to the database. */
function racingStore(real: ReportJobStore) {
  const completed = new Set<string>();
  const race = { heartbeatsSent: 0, heartbeatsAfterCompletion: 0 };
  let waiting: Array<() => void> = [];
  const store = new Proxy(real, {
    get(target, property, receiver) {
      if (property === 'heartbeat') {
        return async (id: string, leaseUntilMs: number) => {
          race.heartbeatsSent += 1;
          for (const wake of waiting) wake();
          waiting = [];
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20)));
          const held = await target.heartbeat(id, leaseUntilMs);
          if (!held && completed.has(id)) race.heartbeatsAfterCompletion += 1;
          return held;
        };
      }
      if (property === 'complete') {
        return async (...args: Parameters<ReportJobStore['complete']>) => {
          const done = await target.complete(...args);
          if (done) completed.add(args[0]);
          return done;
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const nextHeartbeat = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
    });
  return { store, race, nextHeartbeat };
}

for (const kind of ['sqlite', 'postgres'] as const) {
  const withRedis = kind === 'postgres';
  describe(`heartbeats racing completion on ${kind}${withRedis ? ' with the Redis (BullMQ) queue' : ''}`, () => {
    const { database, harness } = suiteResources(kind);
    const prefix = `svc-test-${randomBytes(6).toString('hex')}:`;
    if (withRedis) {
      after(async () => {
        const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
        try {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
        } finally {
          await redis.quit();
        }
      });
    }

    test(`${JOBS} jobs each complete while a heartbeat is in flight: completed, never lease_lost`, async () => {
      const opened = await database();
      const { store, race, nextHeartbeat } = racingStore(createReportJobStore(opened.db));
      const renderer = controllableRenderer();
      const printing = renderer.render;
      // the PDF is ready the moment the job's heartbeat is sent: completion races it
      renderer.render = async (html) => {
        await nextHeartbeat();
        return printing(html);
      };
      const lines: Line[] = [];
      const metrics = createPrometheusMetrics();
      const h = await harness({
        opened,
        renderer,
        now: { ms: Date.now() },
        overrides: {
          store,
          // one job at a time, so that the heartbeat a job's PDF waits for is its own
          queue: withRedis
            ? createBullmqQueue({ redisUrl: REDIS_URL, prefix: `${prefix}bull`, concurrency: 1 })
            : createInProcessQueue({ concurrency: 1 }),
          logger: capturingLogger(lines),
          telemetry: { metrics, tracing: DISABLED_TRACING },
          // a heartbeat every second (the shortest interval the worker uses)
          leaseMs: 3000,
        },
      });
      const ids: string[] = [];
      for (let index = 0; index < JOBS; index += 1) {
        const accepted = await h.service.submit({
          keyId: 'key-race',
          reportsPerDay: 1000,
          scope: SCOPE,
          body: { lat: 50.4687, lon: 4.8625 },
          requestId: `req-race-${index}`,
        });
        ids.push(accepted.job_id);
      }
      for (const id of ids) {
        for (;;) {
          const view = (await h.service.get('key-race', id)) as { status: string };
          if (view.status !== 'processing') {
            assert.equal(view.status, 'completed', id);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      // let heartbeats still on their way land (their delay is under 20 ms)
      await new Promise((resolve) => setTimeout(resolve, 200));

      assert.ok(race.heartbeatsSent >= JOBS, `each job sent a heartbeat (${race.heartbeatsSent})`);
      // the race happened: heartbeats reached the database after their job had completed
      assert.ok(race.heartbeatsAfterCompletion > 0, JSON.stringify(race));
      const lost = lines.filter((line) => line.event === 'job.lease_lost');
      assert.deepEqual(
        lost.map((line) => `${line.job_id} ${line.where}`),
        [],
        `no lease_lost for completed jobs (race: ${JSON.stringify(race)})`,
      );
      for (const id of ids) {
        const events = lines.filter((line) => line.job_id === id).map((line) => line.event);
        assert.equal(events.at(-1), 'job.completed', `${id}: ${events.join(', ')}`);
        assert.equal(events.filter((event) => event === 'job.completed').length, 1);
      }
      const samples = parseExposition(await metrics.registry.metrics());
      assert.equal(sampleValue(samples, 'svc_report_job_events_total', { event: 'completed' }), JOBS);
      assert.equal(sampleValue(samples, 'svc_report_job_events_total', { event: 'lease_lost' }) ?? 0, 0);
    });
  });
}
