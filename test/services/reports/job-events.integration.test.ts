import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { createPrometheusMetrics } from '../../../src/adapters/telemetry/prometheus.ts';
import { instrumentRedis } from '../../../src/adapters/telemetry/redis.ts';
import { apiError } from '../../../src/domain/errors/catalogue.ts';
import { DISABLED_TRACING } from '../../../src/services/ports/telemetry-port.ts';
import type { JobLogger } from '../../../src/services/reports/job-events.ts';
import {
  controllableRenderer,
  fixtureStats,
  startHarness,
  statisticsOf,
  tempDatabase,
} from '../../helpers/reports.ts';
import { parseExposition, sampleValue } from '../../helpers/scrape.ts';

/**
 * The job log lines and metrics of the paths a healthy run does not take (PDF pending
 * then printed on a poll, transient retries then failure, the sweep), on the report
 * service with a real SQLite database; the PDF renderer is the controllable stand-in the
 * report tests use for Chromium.
 */
type Line = Record<string, unknown> & { level: string; msg: string };

function capturingLogger(lines: Line[]): JobLogger {
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ ...fields, level, msg });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

const SCOPE = { cities: ['*'], metrics: ['*'] };
let database: Awaited<ReturnType<typeof tempDatabase>>;
before(async () => {
  database = await tempDatabase('sqlite');
});
after(() => database.drop());

describe('report job events beyond the happy path', () => {
  test('PDF pending, then printed by a poll: pdf_pending and pdf_retried lines, render histogram by origin', async () => {
    const lines: Line[] = [];
    const metrics = createPrometheusMetrics();
    const renderer = controllableRenderer({ failing: true });
    const h = await startHarness({
      opened: database.opened,
      renderer,
      overrides: { logger: capturingLogger(lines), telemetry: { metrics, tracing: DISABLED_TRACING } },
    });
    try {
      const accepted = await h.service.submit({
        keyId: 'key-a',
        reportsPerDay: 50,
        scope: SCOPE,
        body: { lat: 50.4687, lon: 4.8625 },
        requestId: 'req-pdf',
      });
      await h.service.idle();
      renderer.state.failing = false;
      const view = await h.service.get('key-a', accepted.job_id);
      assert.equal(view.status, 'completed');
      const events = lines.filter((line) => line.job_id === accepted.job_id).map((line) => line.event);
      assert.deepEqual(events, [
        'job.accepted',
        'job.queued',
        'job.claimed',
        'job.stage',
        'job.pdf_pending',
        'job.pdf_retried',
      ]);
      const pending = lines.find((line) => line.event === 'job.pdf_pending');
      assert.equal(pending?.level, 'warn');
      assert.equal(pending?.request_id, 'req-pdf');
      assert.equal(pending?.error, 'Error');
      assert.equal(lines.find((line) => line.event === 'job.pdf_retried')?.outcome, 'ok');
      const samples = parseExposition(await metrics.registry.metrics());
      const renders = (labels: Record<string, string>) =>
        sampleValue(samples, 'svc_report_pdf_render_seconds_count', labels);
      assert.equal(renders({ outcome: 'error', origin: 'worker' }), 1);
      assert.equal(renders({ outcome: 'ok', origin: 'poll' }), 1);
      assert.equal(sampleValue(samples, 'svc_report_job_events_total', { event: 'pdf_pending' }), 1);
    } finally {
      await h.close();
    }
  });

  test('transient failures retried, then failed with its reason; the sweep re-queues an unheld job', async () => {
    const lines: Line[] = [];
    const metrics = createPrometheusMetrics();
    const h = await startHarness({
      opened: database.opened,
      overrides: {
        logger: capturingLogger(lines),
        telemetry: { metrics, tracing: DISABLED_TRACING },
        statistics: statisticsOf(async () => {
          throw apiError('upstream_timeout', 'The statistics are still being computed.');
        }),
      },
    });
    try {
      const accepted = await h.service.submit({
        keyId: 'key-b',
        reportsPerDay: 50,
        scope: SCOPE,
        body: { lat: 50.4687, lon: 4.8625 },
        requestId: 'req-retry',
      });
      await h.service.idle();
      const mine = lines.filter((line) => line.job_id === accepted.job_id);
      assert.deepEqual(
        mine.map((line) => `${line.event}@${line.attempt}`),
        [
          'job.accepted@0',
          'job.queued@0',
          'job.claimed@1',
          'job.retry_scheduled@1',
          'job.claimed@2',
          'job.retry_scheduled@2',
          'job.claimed@3',
          'job.failed@3',
        ],
      );
      const failed = mine.at(-1);
      assert.equal(failed?.reason, 'upstream_timeout');
      assert.equal(typeof failed?.duration_ms, 'number');
      for (const line of mine) assert.equal(line.request_id, 'req-retry');
      const samples = parseExposition(await metrics.registry.metrics());
      assert.equal(sampleValue(samples, 'svc_report_retries_total'), 2);
      assert.equal(sampleValue(samples, 'svc_report_failures_total', { reason: 'upstream_timeout' }), 1);

      // a job in the database that no queue holds (its enqueue was lost): the sweep resumes it
      await database.opened.db
        .updateTable('report_jobs')
        .set({ status: 'processing', stage: 'queued', lease_until_ms: null, detail: null })
        .where('id', '=', accepted.job_id)
        .execute();
      assert.equal(await h.service.resumeInterrupted(), 1);
      await h.service.idle();
      assert.ok(
        lines.some((line) => line.event === 'job.requeued_by_sweep' && line.job_id === accepted.job_id),
      );
      const after = parseExposition(await metrics.registry.metrics());
      assert.equal(sampleValue(after, 'svc_report_sweep_requeues_total'), 1);
      const text = JSON.stringify(lines);
      assert.doesNotMatch(text, /50\.4687|4\.8625|Namur/);
    } finally {
      await h.close();
    }
  });
});

describe('a worker that loses its job', () => {
  test('the heartbeat and the final store see the job gone: lease_lost lines, counted', async () => {
    const lines: Line[] = [];
    const metrics = createPrometheusMetrics();
    let release: () => void = () => {};
    const statsStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    let h: Awaited<ReturnType<typeof startHarness>> | null = null;
    h = await startHarness({
      opened: database.opened,
      now: { ms: Date.now() },
      overrides: {
        logger: capturingLogger(lines),
        telemetry: { metrics, tracing: DISABLED_TRACING },
        leaseMs: 1500,
        statistics: statisticsOf(async (input) => {
          release();
          // while the worker computes, another party ends the job (an operator, a sweep elsewhere)
          await new Promise((resolve) => setTimeout(resolve, 1_400));
          return fixtureStats(input);
        }),
      },
    });
    try {
      const accepted = await h.service.submit({
        keyId: 'key-c',
        reportsPerDay: 50,
        scope: SCOPE,
        body: { lat: 50.4687, lon: 4.8625 },
        requestId: 'req-lost',
      });
      await statsStarted;
      await database.opened.db
        .updateTable('report_jobs')
        .set({ status: 'failed', stage: null, lease_until_ms: null, detail: 'ended elsewhere' })
        .where('id', '=', accepted.job_id)
        .execute();
      await h.service.idle();
      const lost = lines.filter((line) => line.event === 'job.lease_lost' && line.job_id === accepted.job_id);
      assert.deepEqual(
        lost.map((line) => line.where),
        ['heartbeat', 'complete'],
      );
      assert.equal(lost[0]?.request_id, 'req-lost');
      const samples = parseExposition(await metrics.registry.metrics());
      assert.equal(sampleValue(samples, 'svc_report_job_events_total', { event: 'lease_lost' }), 2);
      assert.equal(sampleValue(samples, 'svc_report_job_events_total', { event: 'completed' }), 0);
    } finally {
      await h.close();
    }
  });
});

describe('Redis commands', () => {
  test('a failing command counts under its name only, never its key', async () => {
    const metrics = createPrometheusMetrics();
    const redis = instrumentRedis(new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 }), {
      metrics,
      tracing: DISABLED_TRACING,
    });
    const key = `svc-test-${process.pid}-${Date.now()}:secret-looking-key`;
    try {
      await redis.set(key, 'not a number', 'PX', 10_000);
      await assert.rejects(redis.incr(key));
      assert.equal(await redis.get(key), 'not a number');
      const text = await metrics.registry.metrics();
      assert.equal(
        sampleValue(parseExposition(text), 'svc_redis_command_errors_total', { command: 'incr' }),
        1,
      );
      assert.equal(sampleValue(parseExposition(text), 'svc_redis_command_errors_total'), 1);
      assert.ok(!text.includes('secret-looking-key'));
    } finally {
      await redis.del(key);
      await redis.quit();
    }
  });
});
