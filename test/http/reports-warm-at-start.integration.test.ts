import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { chromiumChildren } from '../helpers/chromium.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * REPORTS_WARM_AT_START=true: once its start-up work is done the server has built and
 * printed one report and kept nothing, so Chromium is running with a page that has
 * printed, and the first report a caller orders pays for none of that. Without it
 * (the default) no browser runs before a report needs one (reports.integration.test.ts).
 */
let service: TestService;
before(async () => {
  service = await startTestService({ REPORTS_WARM_AT_START: 'true' }, { startUpWork: true });
});
after(() => service.close());

test('REPORTS_WARM_AT_START is true, false or unset (false)', () => {
  const base = { DATA_DIR: '/tmp/unused' };
  assert.equal(parseConfig(base).reportsWarmAtStart, false);
  assert.equal(parseConfig({ ...base, REPORTS_WARM_AT_START: 'true' }).reportsWarmAtStart, true);
  assert.equal(parseConfig({ ...base, REPORTS_WARM_AT_START: 'false' }).reportsWarmAtStart, false);
  assert.throws(() => parseConfig({ ...base, REPORTS_WARM_AT_START: 'yes' }), ConfigError);
});

test('the started server has Chromium running once its start-up work is done, and no report job', async () => {
  // generous: the start-up work exercises the model first, on a busy machine
  await service.composition.startupSettled(300_000);
  assert.ok(chromiumChildren().length > 0, 'Chromium launched by the warm-up');
  const jobs = await service.composition.database.db.selectFrom('report_jobs').select('id').execute();
  assert.deepEqual(jobs, [], 'the warm-up leaves no job behind');
  // and the first report ordered completes with its PDF as any other
  const key = await service.createKey(['--reports-per-day', '5']);
  const inject = service.composition.app.inject.bind(service.composition.app);
  const accepted = await inject({
    method: 'POST',
    url: '/v1/reports',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify({ lat: 50.8467, lon: 4.3525, lang: 'nl' }),
  });
  assert.equal(accepted.statusCode, 202, accepted.body);
  const job = await until(
    async () => {
      const polled = (
        await inject({ url: accepted.json().links.status, headers: { 'x-api-key': key } })
      ).json();
      return polled.status === 'completed' && polled.files?.pdf ? polled : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 100, what: 'the first report' },
  );
  assert.equal(job.lang, 'nl');
});
