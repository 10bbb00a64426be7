import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BUSY_MACHINE_ENV } from '../helpers/busy-machine.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { type MixedRequest, mixedRequests, tileTemplates } from '../helpers/mixed-requests.ts';
import { parseExposition, sampleValue } from '../helpers/scrape.ts';
import {
  BRUSSELS,
  type FaultDeployment,
  nonJsonLines,
  quotaUsed,
  startFaultDeployment,
  type Timed,
  timed,
  until,
} from './harness.ts';

/**
 * Issue #38 (item 2 and its soak): the README's mixed load (helpers/mixed-requests.ts)
 * and report submissions against a real server process on its own PostgreSQL and
 * redis-server, which the test kills (SIGKILL, no persistence: everything Redis held is
 * lost) and starts again while the load goes on. While Redis is down, keyed requests are
 * answered 503 at once and every other answer is what it would be; before and after,
 * no 5xx at all. Each 503 used to write its own warn line with a full stack (1,304 lines
 * in a 4.8 s outage): the log stays flat (one line per dependency per 5 s, with the
 * number of answers it stands for, no stack) and the request metric counts every one.
 * The service recovers by itself, and no job or quota unit is lost: every accepted
 * report completes, and the daily quota counts exactly those.
 */
const QUIET_MS = 5000;
/** a 503 of the outage answers at once: its dependency is known down, nothing waits on it */
const OUTAGE_ANSWER_MS = 2000;
/** Redis back, the keyed requests are served again within this */
const RECOVERY_MS = 5000;
const WARM_MS = 4000;
const OUTAGE_MS = 8000;
const AFTER_MS = 3000;
/** request loops of the mix, side by side */
const CONCURRENCY = 3;
/** a report submitted every so often, before, during and after the outage */
const REPORT_EVERY_MS = 2500;

let deployment: FaultDeployment;
let base: string;
let mix: MixedRequest[];

before(async () => {
  // the quota's counter of the day is read before the outage and after it (the file: under a
  // minute on CI): both on one UTC day, the quota resets at midnight
  await awayFromUtcMidnight(3 * 60_000);
  deployment = await startFaultDeployment(1, { metrics: true, extraEnv: BUSY_MACHINE_ENV });
  base = deployment.instances[0]!.base;
  mix = mixedRequests({
    secret: deployment.key.secret,
    tileTemplates: await tileTemplates(base, deployment.key.secret),
    count: 2000,
  });
});

after(async () => {
  await deployment?.close();
});

interface Answer extends Timed {
  what: string;
  /** when it was sent and answered (Date.now(), as the log's times) */
  sentAt: number;
  at: number;
}

/** the mix, `CONCURRENCY` requests at a time, and a report every REPORT_EVERY_MS, until stopped */
function startLoad() {
  const answers: Answer[] = [];
  const accepted = new Set<string>();
  let running = true;
  let next = 0;
  const send = async (what: string, path: string, init: RequestInit) => {
    const sentAt = Date.now();
    // a cold statistic on a loaded machine may take its time: only a hang is a failure
    const answer = await timed(`${base}${path}`, init, 120_000);
    answers.push({ ...answer, what, sentAt, at: Date.now() });
    return answer;
  };
  const loops = Array.from({ length: CONCURRENCY }, async () => {
    while (running) {
      const request = mix[next++ % mix.length]!;
      await send(request.path.split('?')[0]!, request.path, { headers: request.headers ?? {} });
    }
  });
  const reports = (async () => {
    while (running) {
      const answer = await send('POST /v1/reports', '/v1/reports', {
        method: 'POST',
        headers: { 'x-api-key': deployment.key.secret, 'content-type': 'application/json' },
        body: JSON.stringify(BRUSSELS),
      });
      if (answer.status === 202) accepted.add((JSON.parse(answer.body) as { job_id: string }).job_id);
      await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_MS));
    }
  })();
  return {
    answers,
    accepted,
    async stop() {
      running = false;
      await Promise.all([...loops, reports]);
    },
  };
}

async function answered503s(): Promise<number> {
  const samples = parseExposition(await (await fetch(deployment.metricsUrls[0]!)).text());
  return sampleValue(samples, 'svc_http_requests_total', { status: '503' });
}

type Line = Record<string, unknown> & { time: number; msg: string };

function describeAnswer(answer: Answer): string {
  return `${answer.what} ${answer.status} in ${Math.round(answer.ms)} ms: ${answer.body.slice(0, 160)}`;
}

test('the mixed load through a Redis outage: 503s only while down, at once; a flat log; recovery by itself; no job or quota unit lost', async () => {
  const instance = deployment.instances[0]!;
  const keyed = () => timed(`${base}/v1/key`, { headers: { 'x-api-key': deployment.key.secret } }, 5000);
  assert.equal((await keyed()).status, 200, 'served while Redis is up');
  const metricBefore = await answered503s();
  const quotaBefore = await quotaUsed(deployment);

  const load = startLoad();
  await new Promise((resolve) => setTimeout(resolve, WARM_MS));
  const logBefore = instance.output().length;
  const downAt = Date.now();
  await deployment.redis.stop();
  // what needs no Redis is served meanwhile: asked apart from the load, whose loops a
  // loaded machine can keep busy with slow cold statistics through the whole outage
  const publicDuring = await timed(`${base}/v1/scales`, {}, OUTAGE_MS);
  // and enough keyed requests for the log's flatness to show, whatever pace the load keeps
  const burst = await Promise.all(Array.from({ length: 60 }, () => keyed()));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + OUTAGE_MS - Date.now())));
  await deployment.redis.start();
  // nothing is done for it: the instance reconnects, and the queue with it
  let probes503 = 0;
  const recoveryMs = await until(
    async () => {
      const status = (await keyed()).status;
      if (status === 503) probes503 += 1;
      return status === 200;
    },
    RECOVERY_MS,
    'keyed requests served again',
  );
  const servedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  await load.stop();
  console.log(
    `FIGURE redis_outage_soak_recovery_ms=${Math.round(recoveryMs)} answers=${load.answers.length}`,
  );

  // outside the outage: no 5xx, nothing unanswered
  const outside = load.answers.filter((a) => a.at < downAt || a.sentAt > servedAt);
  const failedOutside = outside.filter((a) => a.status >= 500 || a.status === 0);
  assert.deepEqual(
    failedOutside.map(describeAnswer).slice(0, 5),
    [],
    `${failedOutside.length} failures outside the outage`,
  );
  // during it: a keyed answer is a 503 problem at once; the rest is answered as usual
  const during = load.answers.filter((a) => a.at >= downAt && a.sentAt <= servedAt);
  const refused = during.filter((a) => a.status === 503);
  assert.ok(refused.length > 0, 'the outage was seen');
  const wrong = during.filter(
    (a) =>
      a.status === 0 ||
      (a.status >= 500 && a.status !== 503) ||
      (a.status === 503 && (a.ms > OUTAGE_ANSWER_MS || JSON.parse(a.body).code !== 'upstream_unavailable')),
  );
  assert.deepEqual(
    wrong.map(describeAnswer).slice(0, 5),
    [],
    `${wrong.length} wrong answers during the outage`,
  );
  assert.equal(publicDuring.status, 200, 'what needs no Redis is served during the outage');
  // the load's, the burst's and the recovery probe's
  const all503s =
    load.answers.filter((a) => a.status === 503).length +
    probes503 +
    burst.filter((a) => a.status === 503).length;
  assert.ok(
    burst.every((a) => a.status === 503 && a.ms <= OUTAGE_ANSWER_MS),
    'a keyed request during the outage is a 503 at once',
  );

  // no job or quota unit lost: every accepted report completes, the quota counts exactly those
  assert.ok(load.accepted.size >= 2, `${load.accepted.size} reports accepted`);
  await until(
    async () => {
      const rows = await deployment.sql(
        "select count(*)::int as n from report_jobs where status = 'processing'",
      );
      return rows[0]?.n === 0;
    },
    // reports are heavy (statistics, then Chromium): the bound is generous, the rule is "completed"
    180_000,
    'every accepted report to finish',
  );
  const rows = await deployment.sql('select id, status from report_jobs where key_id = $1', [
    deployment.key.id,
  ]);
  assert.deepEqual(new Set(rows.map((row) => row.id)), load.accepted, 'exactly the accepted jobs exist');
  for (const row of rows) assert.equal(row.status, 'completed', `job ${row.id}`);
  assert.equal(
    await quotaUsed(deployment),
    quotaBefore + load.accepted.size,
    'the quota counts the accepted ones',
  );

  // the log: the window the last 503s fell in closes, and its line is written
  const last503 = Math.max(...load.answers.filter((a) => a.status === 503).map((a) => a.at));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, last503 + QUIET_MS + 2000 - Date.now())));
  const output = instance.output().slice(logBefore);
  assert.deepEqual(nonJsonLines(output), [], 'every line is one JSON object');
  assert.doesNotMatch(output, /"stack"|\n\s+at /, 'no stack in the log');
  // the lines of the outage, up to the one closing the last 503s' window
  const lines = output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.time <= last503 + QUIET_MS + 1000);
  const answerLines = lines.filter((line) => 'status' in line || 'suppressed' in line);
  // one line per dependency per window: that dependency's lines at least the quiet period apart
  for (const dependency of new Set(answerLines.map((line) => line.dependency))) {
    const times = answerLines.filter((line) => line.dependency === dependency).map((line) => line.time);
    for (let index = 1; index < times.length; index += 1)
      assert.ok(
        times[index]! - times[index - 1]! >= QUIET_MS - 50,
        `${dependency}: lines too close:\n${output}`,
      );
  }
  // the first line of a window stands for one answer, each later one for the answers it counted
  const accounted = answerLines.reduce(
    (sum, line) => sum + (typeof line.suppressed === 'number' ? line.suppressed : 1),
    0,
  );
  assert.equal(accounted, all503s, `the lines account for every 503:\n${output}`);
  // the whole log of the outage is a few lines per 5 s window (these answers, the
  // connections' failures, the queue's), however many requests
  const windows = Math.ceil((last503 + QUIET_MS - downAt) / QUIET_MS);
  assert.ok(lines.length <= 4 * windows + 4, `${lines.length} lines in ${windows} windows:\n${output}`);
  assert.ok(lines.length < all503s / 4, `${lines.length} lines for ${all503s} answers 503`);
  assert.equal((await answered503s()) - metricBefore, all503s, 'the metric counts every 503');
  assert.equal(instance.child.exitCode, null, 'the instance is up');
});
