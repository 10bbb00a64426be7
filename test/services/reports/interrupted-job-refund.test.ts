import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { OpenedDatabase } from '../../../src/adapters/store/database.ts';
import { createReportJobStore } from '../../../src/adapters/store/report-jobs.ts';
import { ApiError } from '../../../src/domain/errors/catalogue.ts';
import { quotaCounterName } from '../../../src/services/reports/quota.ts';
import {
  fixtureStats,
  type Harness,
  startHarness,
  statisticsOf,
  tempDatabase,
} from '../../helpers/reports.ts';

/**
 * A job whose workers kept dying under it is failed by the next one once it has been
 * claimed more than `maxAttempts` times, and that failure gives the quota unit back like
 * any other: the reader got nothing. (A job with its HTML saved goes pdf_pending instead,
 * and stays charged.)
 */
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const MAX_ATTEMPTS = 3;
const LEASE_MS = 30_000;
const scope = { cities: ['*'], metrics: ['*'] };

let db: { opened: OpenedDatabase; drop(): Promise<void> };
const harnesses: Harness[] = [];
before(async () => {
  db = await tempDatabase('sqlite');
});
after(async () => {
  for (const h of harnesses) await h.close();
  await db.drop();
});

async function harness(options: Omit<Parameters<typeof startHarness>[0], 'opened'>): Promise<Harness> {
  const created = await startHarness({ opened: db.opened, ...options });
  harnesses.push(created);
  return created;
}

const quotaUsed = (keyId: string) =>
  db.opened.db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', quotaCounterName(keyId, T0))
    .executeTakeFirst()
    .then((row) => Number(row?.value ?? 0));

/** each of `MAX_ATTEMPTS` workers claims the job and dies: its lease lapses unrenewed */
async function interruptEveryAttempt(jobId: string): Promise<void> {
  const store = createReportJobStore(db.opened.db);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const at = T0 + (attempt + 1) * 2 * LEASE_MS;
    assert.ok(await store.claim(jobId, at, at + LEASE_MS), `attempt ${attempt + 1} claims the job`);
  }
}

test('a job failed after too many interruptions gives its quota unit back', async () => {
  const keyId = 'key_interrupted';
  const order = (h: Harness) =>
    h.service.submit({ keyId, reportsPerDay: 1, scope, body: { address: 'Grand-Place 1' } });
  // accepted and charged by an instance whose worker never runs it
  const accepting = await harness({ start: false, now: { ms: T0 } });
  const accepted = await order(accepting);
  assert.equal(await quotaUsed(keyId), 1);
  await interruptEveryAttempt(accepted.job_id);

  let statsCalls = 0;
  const resuming = await harness({
    now: { ms: T0 + 600_000 },
    overrides: {
      maxAttempts: MAX_ATTEMPTS,
      statistics: statisticsOf(async (input) => {
        statsCalls++;
        return fixtureStats(input);
      }),
    },
  });
  await resuming.service.idle();
  const view = await resuming.service.get(keyId, accepted.job_id);
  assert.equal(view.status, 'failed');
  assert.match((view as { detail: string }).detail, new RegExp(`after ${MAX_ATTEMPTS} attempts`));
  assert.equal(statsCalls, 0, 'the worker gave up without building the report');
  assert.equal(await quotaUsed(keyId), 0, 'the failed job keeps no unit');
  // a quota of one a day: the key can order again the same day
  const again = await order(resuming);
  await resuming.service.idle();
  assert.equal((await resuming.service.get(keyId, again.job_id)).status, 'completed');
});

test('one interrupted as often with its HTML saved goes pdf_pending and stays charged', async () => {
  const keyId = 'key_interrupted_html';
  const order = (h: Harness) =>
    h.service.submit({ keyId, reportsPerDay: 1, scope, body: { address: 'Grand-Place 1' } });
  const accepting = await harness({ start: false, now: { ms: T0 } });
  const accepted = await order(accepting);
  await interruptEveryAttempt(accepted.job_id);
  await createReportJobStore(db.opened.db).saveHtml(accepted.job_id, '<p>html</p>', 'Grand-Place 1', T0);

  const resuming = await harness({ now: { ms: T0 + 600_000 }, overrides: { maxAttempts: MAX_ATTEMPTS } });
  await resuming.service.idle();
  assert.notEqual((await resuming.service.get(keyId, accepted.job_id)).status, 'failed');
  assert.equal(await quotaUsed(keyId), 1);
  await assert.rejects(
    order(resuming),
    (error: unknown) => error instanceof ApiError && error.code === 'quota_exceeded',
  );
});
