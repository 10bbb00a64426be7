import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { createReportJobStore } from '../../../src/adapters/store/report-jobs.ts';
import type { JobView } from '../../../src/services/reports/service.ts';
import { controllableRenderer, fixtureStats, statisticsOf, suiteResources } from '../../helpers/reports.ts';

/** The job store and restart behaviour, on both databases the service supports. */
for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`durable report jobs on ${kind}`, () => {
    const { database, harness, onCleanup } = suiteResources(kind);
    const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
    const newJob = (id: string) => ({
      id,
      keyId: 'key_a',
      lang: 'en',
      address: 'Grand-Place 1',
      label: 'Grand-Place 1, 1000 Bruxelles',
      lat: 50.8467,
      lon: 4.3525,
      radius: 10,
      metrics: ['air', 'wind', 'thermal'],
      nowMs: T0,
      expiresMs: T0 + 30 * 86_400_000,
    });

    test('store: a job is claimed by exactly one of two concurrent workers; PDF bytes round-trip', async () => {
      const opened = await database();
      const store = createReportJobStore(opened.db);
      const id = randomUUID();
      await store.insert(newJob(id));
      const claims = await Promise.all([store.claim(id, T0, T0 + 30_000), store.claim(id, T0, T0 + 30_000)]);
      assert.equal(claims.filter((claim) => claim !== null).length, 1);
      const claimed = claims.find((claim) => claim !== null);
      assert.equal(claimed?.stage, 'running');
      assert.equal(claimed?.attempts, 1);
      // a lapsed lease can be taken over
      assert.equal(await store.claim(id, T0 + 10_000, T0 + 40_000), null);
      assert.equal((await store.claim(id, T0 + 30_001, T0 + 60_000))?.attempts, 2);
      await store.saveHtml(id, '<!doctype html><p>é</p>', 'Grand-Place 1, 1000 Bruxelles', T0);
      const bytes = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
      assert.equal(await store.complete(id, bytes, T0, T0 + 1000), true);
      assert.equal(await store.complete(id, bytes, T0, T0 + 1000), false, 'a second writer changes nothing');
      const job = await store.get(id);
      assert.equal(job?.status, 'completed');
      assert.equal(job?.stage, null);
      assert.equal(job?.hasPdf, true);
      assert.deepEqual(await store.readFile(id, 'pdf'), bytes);
      assert.equal(await store.readFile(id, 'html'), '<!doctype html><p>é</p>');
      assert.equal(await store.purgeExpired(T0 + 999), 0);
      assert.equal(await store.purgeExpired(T0 + 1000), 1);
      assert.equal(await store.get(id), null);
    });

    test('a job interrupted while running is finished by a new service instance on the same database', async () => {
      const opened = await database();
      const now = { ms: T0 };
      let failStuck: (error: Error) => void = () => {};
      const stuck = new Promise<never>((_, reject) => {
        failStuck = reject;
      });
      stuck.catch(() => {});
      // instance A: its statistics never come back, as if the process hung and died
      const a = await harness({
        opened,
        now,
        overrides: { statistics: statisticsOf(() => stuck), leaseMs: 30_000 },
      });
      onCleanup(async () => failStuck(new Error('instance A is gone')));
      const accepted = await a.service.submit({
        keyId: 'key_a',
        reportsPerDay: 5,
        scope: { cities: ['*'], metrics: ['*'] },
        body: { address: 'Grand-Place 1' },
      });
      for (let i = 0; i < 100; i++) {
        if (((await a.service.get('key_a', accepted.job_id)) as { stage?: string }).stage === 'running')
          break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.deepEqual(await a.service.get('key_a', accepted.job_id), {
        job_id: accepted.job_id,
        status: 'processing',
        stage: 'running',
      });
      // instance B starts while A's lease still runs: it must not steal the job
      const b = await harness({ opened, now, overrides: { leaseMs: 30_000 } });
      assert.equal(await b.service.resumeInterrupted(), 0);
      // A's heartbeats stop (it is dead); once its lease lapses B resumes the job
      now.ms += 60_000;
      assert.equal(await b.service.resumeInterrupted(), 1);
      await b.service.idle();
      const view = (await b.service.get('key_a', accepted.job_id)) as Extract<
        JobView,
        { status: 'completed' }
      >;
      assert.equal(view.status, 'completed');
      assert.ok(view.files.pdf);
      const row = await opened.db
        .selectFrom('report_jobs')
        .select('attempts')
        .where('id', '=', accepted.job_id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.attempts), 2);
    });

    test('a job left in delivering is delivered on restart without recomputing the statistics', async () => {
      const opened = await database();
      const store = createReportJobStore(opened.db);
      const id = randomUUID();
      await store.insert(newJob(id));
      await store.claim(id, T0, T0 + 30_000);
      await store.saveHtml(
        id,
        '<!doctype html><title>x</title><p>kept</p>',
        'Grand-Place 1, 1000 Bruxelles',
        T0,
      );
      let statsCalls = 0;
      const renderer = controllableRenderer();
      const h = await harness({
        opened,
        renderer,
        now: { ms: T0 + 31_000 },
        overrides: {
          statistics: statisticsOf(async (input) => {
            statsCalls += 1;
            return fixtureStats(input);
          }),
        },
      });
      await h.service.idle();
      assert.equal(statsCalls, 0);
      assert.equal(renderer.state.calls, 1);
      const view = await h.service.get('key_a', id);
      assert.equal(view.status, 'completed');
      assert.equal(
        String((await h.service.download('key_a', id, 'html')).body),
        '<!doctype html><title>x</title><p>kept</p>',
      );
    });

    test('a job interrupted too often fails with a detail; one with its HTML ready goes pdf_pending', async () => {
      const opened = await database();
      const store = createReportJobStore(opened.db);
      const running = randomUUID();
      const delivering = randomUUID();
      await store.insert(newJob(running));
      await store.insert(newJob(delivering));
      for (let attempt = 0; attempt < 3; attempt++) {
        const at = T0 + attempt * 60_000;
        await store.claim(running, at, at + 30_000);
        await store.claim(delivering, at, at + 30_000);
      }
      await store.saveHtml(delivering, '<p>html</p>', 'Grand-Place 1, 1000 Bruxelles', T0);
      const renderer = controllableRenderer({ failing: true });
      const h = await harness({ opened, renderer, now: { ms: T0 + 600_000 }, overrides: { maxAttempts: 3 } });
      await h.service.idle();
      const failed = await h.service.get('key_a', running);
      assert.equal(failed.status, 'failed');
      assert.match((failed as { detail: string }).detail, /after 3 attempts/);
      assert.equal(renderer.state.calls, 0, 'the worker gave up without printing');
      const pending = (await h.service.get('key_a', delivering)) as Extract<JobView, { status: 'completed' }>;
      assert.equal(pending.status, 'completed');
      assert.equal(pending.pdf_pending, true);
      assert.equal(renderer.state.calls, 1, 'the poll printed');
    });
  });
}
