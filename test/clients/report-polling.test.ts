import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  createSvcClient,
  FIRST_POLL_MS,
  nextPollDelay,
  waitForReport,
} from '../../clients/typescript/src/index.ts';

/**
 * waitForReport polls soon after the POST and then less and less often: a report ready in
 * a few hundred milliseconds is seen shortly after, not one whole interval (2 s) later,
 * and a long one is never polled more often than the interval allows. No timing is
 * asserted: the waits the client chooses are read from the sleeps it asks for.
 */
test('poll waits grow by half from the first one up to the interval, never past it', () => {
  const waits: number[] = [];
  let wait: number | undefined;
  for (let poll = 0; poll < 12; poll++) {
    wait = nextPollDelay(wait, 2000);
    waits.push(wait);
  }
  assert.equal(waits[0], FIRST_POLL_MS);
  assert.deepEqual(waits.slice(0, 4), [100, 150, 225, 338]);
  for (let i = 1; i < waits.length; i++) assert.ok((waits[i] as number) >= (waits[i - 1] as number));
  assert.equal(Math.max(...waits), 2000, 'capped at the interval');
  assert.equal(waits.at(-1), 2000);
  // an interval shorter than the first wait is kept as it is
  assert.equal(nextPollDelay(undefined, 50), 50);
});

test('a report completed after three polls is returned by the fourth, with the short waits between', async () => {
  const JOB = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  let polls = 0;
  const fetch = async () => {
    polls++;
    const body =
      polls < 4
        ? { job_id: JOB, status: 'processing', stage: 'delivering' }
        : {
            job_id: JOB,
            status: 'completed',
            files: { pdf: { url: `/v1/reports/${JOB}/download?format=pdf` } },
          };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const svc = createSvcClient({ baseUrl: 'http://svc.invalid', key: 'sk_test', fetch });
  const slept: number[] = [];
  const realSetTimeout = globalThis.setTimeout;
  // the sleeps the client asks for, run at once
  globalThis.setTimeout = ((callback: () => void, ms: number) => {
    slept.push(ms);
    return realSetTimeout(callback, 0);
  }) as typeof setTimeout;
  try {
    const job = await waitForReport(svc, JOB);
    assert.equal(job.status, 'completed');
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  assert.equal(polls, 4);
  assert.deepEqual(slept, [100, 150, 225], 'not 3 × 2 s');
});
