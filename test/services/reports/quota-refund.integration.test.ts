import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { createSqlCounters } from '../../../src/adapters/counters/sql.ts';
import { createReportJobStore } from '../../../src/adapters/store/report-jobs.ts';
import { ApiError, apiError } from '../../../src/domain/errors/catalogue.ts';
import { nextUtcMidnight, quotaCounterName } from '../../../src/services/reports/quota.ts';
import {
  controllableRenderer,
  fixtureStats,
  type StatsProvider,
  statisticsOf,
  suiteResources,
} from '../../helpers/reports.ts';

/**
 * The quota counts work that starts and gives back a unit when a job fails (issue #12):
 * the arithmetic across every way a job can end, and the refund's atomicity and
 * idempotence, on both databases.
 */
for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`report quota refunds on ${kind}`, () => {
    const { database, harness } = suiteResources(kind);
    const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
    const scope = { cities: ['*'], metrics: ['*'] };

    test('quota arithmetic: failed jobs are given back, completed and pdf_pending ones stay counted', async () => {
      const opened = await database();
      // the address picks the fate: "boom" is a bug, "slow" a back end that never answers;
      // the jobs wait at the gate so that the counter is read before any of them fails
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
      const stats: StatsProvider = async (input) => {
        await gate;
        if (input.address?.includes('Boom')) throw new Error('a bug in the statistics');
        if (input.address?.includes('Slow')) throw apiError('upstream_timeout', 'The back end timed out.');
        return fixtureStats(input);
      };
      const resolveAddress = async (address: string) => ({ label: address, lat: 50.8467, lon: 4.3525 });
      const renderer = controllableRenderer();
      const h = await harness({
        opened,
        renderer,
        now: { ms: T0 },
        overrides: { statistics: statisticsOf(stats), resolveAddress, maxAttempts: 2, retryDelayMs: 1 },
      });
      const counters = createSqlCounters(opened.db, () => h.now.ms);
      const used = () => counters.read(quotaCounterName('key_q', T0), T0);
      const submit = (address: string) =>
        h.service.submit({ keyId: 'key_q', reportsPerDay: 4, scope, body: { address } });

      const boom = await submit('Boom 1');
      const slow = await submit('Slow 2');
      assert.equal(await used(), 2, 'both counted when accepted');
      openGate();
      await h.service.idle();
      assert.equal((await h.service.get('key_q', boom.job_id)).status, 'failed');
      assert.equal((await h.service.get('key_q', slow.job_id)).status, 'failed');
      assert.equal(await used(), 0, 'a bug and exhausted retries both give their unit back');

      const done = await submit('Fine 3');
      await h.service.idle();
      assert.equal((await h.service.get('key_q', done.job_id)).status, 'completed');
      renderer.state.failing = true;
      const pending = await submit('Fine 4');
      await h.service.idle();
      const view = await h.service.get('key_q', pending.job_id);
      assert.equal(view.status === 'completed' && view.pdf_pending, true);
      assert.equal(await used(), 2, 'a completed report and one whose PDF is pending are charged');

      // 4 a day: two more fit, the next is refused
      await submit('Fine 5');
      await submit('Fine 6');
      await assert.rejects(submit('Fine 7'), (error: unknown) => {
        assert.ok(error instanceof ApiError);
        assert.equal(error.code, 'quota_exceeded');
        return true;
      });
      await h.service.idle();
      assert.equal(await used(), 4);
    });

    test('refund: atomic with the failure, once however often or concurrently the failure is written', async () => {
      const opened = await database();
      const store = createReportJobStore(opened.db);
      const counters = createSqlCounters(opened.db, () => T0);
      const counter = quotaCounterName('key_r', T0);
      await counters.incrementWithin(counter, 3, 10, nextUtcMidnight(T0));
      const job = (id: string) => ({
        id,
        keyId: 'key_r',
        lang: 'en',
        address: null,
        label: null,
        lat: 50.8467,
        lon: 4.3525,
        radius: 10,
        metrics: ['air'],
        nowMs: T0,
        expiresMs: T0 + 30 * 86_400_000,
      });
      const a = randomUUID();
      const b = randomUUID();
      const c = randomUUID();
      for (const id of [a, b, c]) await store.insert(job(id));

      // two workers (or a worker and a sweep) failing the same job at once: one refund
      const results = await Promise.all([
        store.fail(a, 'first', T0 + 1, counter),
        store.fail(a, 'second', T0 + 2, counter),
      ]);
      assert.deepEqual(
        results.sort(),
        [false, true],
        'exactly one of the two writers moved the job to failed',
      );
      assert.equal(await counters.read(counter, T0), 2);
      assert.equal(await store.fail(a, 'again', T0 + 3, counter), false);
      assert.equal(await counters.read(counter, T0), 2, 'failing a failed job refunds nothing');

      // a finished job is never failed, so never refunded
      await store.claim(b, T0, T0 + 30_000);
      await store.saveHtml(b, '<p>report</p>', 'label', T0);
      await store.complete(b, Buffer.from('%PDF-'), T0, T0 + 86_400_000);
      assert.equal(await store.fail(b, 'late', T0 + 4, counter), false);
      assert.equal(await counters.read(counter, T0), 2);

      // a refund after the day's counter expired changes nothing (the quota already reset)
      const tomorrow = nextUtcMidnight(T0) + 1000;
      assert.equal(await store.fail(c, 'next day', tomorrow, counter), true);
      assert.equal(await counters.read(counter, T0), 2);
      const row = await opened.db
        .selectFrom('counters')
        .select('value')
        .where('name', '=', counter)
        .executeTakeFirst();
      assert.equal(Number(row?.value), 2);
    });
  });
}
