import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import {
  BRUSSELS,
  type FaultDeployment,
  nonJsonLines,
  quotaUsed,
  startFaultDeployment,
  timed,
  until,
} from './harness.ts';

/**
 * Issue #11, against real processes: two instances sharing their own PostgreSQL cluster
 * and redis-server, which are stopped (SIGKILL for Redis, `pg_ctl -m immediate` for
 * PostgreSQL: the crash case) and started again while requests keep coming. Measured
 * figures are printed (`FIGURE …`) for docs/operations.md, "Failure behaviour".
 */

const OUTAGE_ANSWER_MS = 2000;
const RECOVERY_MS = 5000;

let deployment: FaultDeployment;
const accepted = new Set<string>();
let slowClient: ReturnType<typeof rawExchange>;

/** A raw HTTP/1.1 exchange: writes `head` (and `body`, if any), collects everything until the server closes. */
function rawExchange(
  base: string,
  head: string,
  options: { body?: Buffer; readLimitMs?: number } = {},
): Promise<{ text: string; ms: number; error: string | null; socket: Socket }> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    let error: string | null = null;
    const finish = () => {
      clearTimeout(timer);
      resolve({ text, ms: performance.now() - started, error, socket });
    };
    const timer = setTimeout(() => {
      error = 'client gave up waiting';
      socket.destroy();
    }, options.readLimitMs ?? 60_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on('close', finish);
    socket.write(head);
    if (options.body) socket.write(options.body);
  });
}

function postHead(path: string, secret: string, length: number, extra = ''): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${secret}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;
}

function auth(secret: string): Record<string, string> {
  return { Authorization: `Bearer ${secret}` };
}

/** A steady trickle of keyed requests on every instance; records anything that is neither 2xx nor 503. */
function startLoad() {
  const unexpected: string[] = [];
  let running = true;
  const loops = deployment.instances.map(async (instance) => {
    while (running) {
      const answer = await timed(`${instance.base}/v1/key`, { headers: auth(deployment.key.secret) }, 5000);
      if (answer.status !== 200 && answer.status !== 503)
        unexpected.push(`${instance.name} ${answer.status} ${answer.body.slice(0, 160)}`);
      if (answer.status === 503 && answer.ms > OUTAGE_ANSWER_MS)
        unexpected.push(`${instance.name} 503 after ${Math.round(answer.ms)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  return {
    unexpected,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function postReport(base: string) {
  const answer = await timed(`${base}/v1/reports`, {
    method: 'POST',
    headers: { ...auth(deployment.key.secret), 'Content-Type': 'application/json' },
    body: JSON.stringify(BRUSSELS),
  });
  if (answer.status === 202) accepted.add((JSON.parse(answer.body) as { job_id: string }).job_id);
  return answer;
}

function assertOutageProblem(answer: Awaited<ReturnType<typeof timed>>, what: string) {
  assert.equal(answer.status, 503, `${what}: ${answer.status} ${answer.body}`);
  assert.ok(answer.ms < OUTAGE_ANSWER_MS, `${what}: answered in ${Math.round(answer.ms)} ms`);
  assert.match(answer.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.ok(Number(answer.headers.get('retry-after')) > 0, `${what}: Retry-After`);
  assert.equal(JSON.parse(answer.body).code, 'upstream_unavailable');
}

function assertAllAlive() {
  for (const instance of deployment.instances) {
    assert.equal(
      instance.child.exitCode,
      null,
      `${instance.name} exited:\n${instance.output().slice(-3000)}`,
    );
    assert.equal(instance.child.signalCode, null, `${instance.name} killed`);
    assert.deepEqual(nonJsonLines(instance.output()), [], `${instance.name} wrote non-JSON lines`);
  }
}

describe('faults: two instances, their PostgreSQL and Redis stopped and restarted under load; slow clients, large bodies, dead workers, SIGTERM', () => {
  before(async () => {
    // the quota is read as the day's counter from the first test to the last (103 s on CI):
    // the whole file on one UTC day, the quota resets at midnight
    await awayFromUtcMidnight(5 * 60_000);
    deployment = await startFaultDeployment(2);
    // a client that sends half a body and stops: checked at the end (cut within about 30 s)
    slowClient = rawExchange(
      (deployment.instances[0] as FaultDeployment['instances'][0]).base,
      `${postHead('/v1/reports', deployment.key.secret, 100)}{"lat":`,
      { readLimitMs: 45_000 },
    );
  });
  after(async () => {
    await deployment?.close();
  });

  test('Redis down: keyed requests 503 within 2 s, public ones served, readiness 503; back within 5 s', async () => {
    for (const instance of deployment.instances) assert.equal((await postReport(instance.base)).status, 202);
    const load = startLoad();
    await deployment.redis.stop();
    for (const instance of deployment.instances) {
      const answer = await timed(`${instance.base}/v1/key`, { headers: auth(deployment.key.secret) });
      assertOutageProblem(answer, `${instance.name} keyed request, Redis down`);
      console.log(`FIGURE redis_down_time_to_503_ms=${Math.round(answer.ms)}`);
      assert.equal((await timed(`${instance.base}/v1/health`)).status, 200, 'liveness unchanged');
      assert.equal((await timed(`${instance.base}/v1/cities`)).status, 200, 'public endpoint served');
      const ready = await timed(`${instance.base}/v1/health/ready`);
      assert.equal(ready.status, 503, ready.body);
      const checks = JSON.parse(ready.body).checks;
      assert.equal(checks.redis.status, 'unavailable');
      assert.equal(checks.database.status, 'ok');
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await deployment.redis.start();
    const recovered = await Promise.all(
      deployment.instances.map((instance) =>
        until(
          async () =>
            (await timed(`${instance.base}/v1/key`, { headers: auth(deployment.key.secret) }, 2000))
              .status === 200,
          RECOVERY_MS,
          `${instance.name} recovery after Redis restart`,
        ),
      ),
    );
    console.log(`FIGURE redis_recovery_ms=${Math.round(Math.max(...recovered))}`);
    for (const instance of deployment.instances)
      assert.equal((await timed(`${instance.base}/v1/health/ready`)).status, 200);
    await load.stop();
    assert.deepEqual(load.unexpected, []);
    assertAllAlive();
  });

  test('PostgreSQL down: 503 within 2 s (a cached key still served), readiness 503; back within 5 s; nobody exits', async () => {
    const load = startLoad();
    const [a, b] = deployment.instances as [FaultDeployment['instances'][0], FaultDeployment['instances'][0]];
    const quotaBefore = await quotaUsed(deployment);
    await deployment.postgres.stop();
    const report = await postReport(a.base);
    assertOutageProblem(report, 'report submitted, database down');
    console.log(`FIGURE postgres_down_time_to_503_ms=${Math.round(report.ms)}`);
    assertOutageProblem(
      await timed(`${b.base}/v1/key`, { headers: auth(deployment.unseenKey) }),
      'a key not in the cache, database down',
    );
    // the key just used is in the short key cache: what needs no database is still served
    assert.equal((await timed(`${b.base}/v1/key`, { headers: auth(deployment.key.secret) })).status, 200);
    const ready = JSON.parse((await timed(`${b.base}/v1/health/ready`)).body);
    assert.equal(ready.status, 'unavailable');
    assert.equal(ready.checks.database.status, 'unavailable');
    for (let index = 0; index < 4; index += 1) assert.equal((await postReport(b.base)).status, 503);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await deployment.postgres.start();
    const recovered = await Promise.all(
      deployment.instances.map((instance) =>
        until(
          async () => (await postReport(instance.base)).status === 202,
          RECOVERY_MS,
          `${instance.name} recovery after PostgreSQL restart`,
        ),
      ),
    );
    console.log(`FIGURE postgres_recovery_ms=${Math.round(Math.max(...recovered))}`);
    await load.stop();
    assert.deepEqual(load.unexpected, []);
    // refused submissions consumed nothing: exactly the two accepted after recovery
    assert.equal(await quotaUsed(deployment), quotaBefore + 2);
    assertAllAlive();
    const warnings = a.output() + b.output();
    assert.match(warnings, /"dependency":"database"/, 'the outage is logged as structured lines');
  });

  test('no job or quota unit lost: every accepted report completes, and the quota counts exactly those', async () => {
    const [a] = deployment.instances as [FaultDeployment['instances'][0]];
    await until(
      async () => {
        const rows = await deployment.sql(
          "select count(*)::int as n from report_jobs where status = 'processing'",
        );
        return rows[0]?.n === 0;
      },
      // reports are heavy (statistics, then Chromium); on a busy 2-core machine a cold
      // instance took 30–70 s for these few: the bound is generous, the rule is "completed"
      180_000,
      'all report jobs finished',
    ).catch(async (error: Error) => {
      const rows = await deployment.sql(
        'select id, status, stage, attempts, lease_until_ms, pdf_pending, updated_ms from report_jobs',
      );
      const logs = deployment.instances.map((instance) => instance.output().slice(-4000)).join('\n');
      throw new Error(`${error.message}: ${JSON.stringify(rows)} now=${Date.now()}\n${logs}`);
    });
    const rows = await deployment.sql('select id, status from report_jobs where key_id = $1', [
      deployment.key.id,
    ]);
    assert.deepEqual(new Set(rows.map((row) => row.id)), accepted, 'exactly the accepted jobs exist');
    for (const row of rows) assert.equal(row.status, 'completed', `job ${row.id}`);
    assert.equal(await quotaUsed(deployment), accepted.size);
    const view = await timed(`${a.base}/v1/reports/${[...accepted][0]}`, {
      headers: auth(deployment.key.secret),
    });
    assert.equal(JSON.parse(view.body).status, 'completed');
  });
  test('a revocation reaches every instance at once: once refused anywhere, accepted nowhere', async () => {
    const secret = deployment.unseenKey;
    const keyInfo = (base: string) =>
      timed(`${base}/v1/key`, { headers: { Authorization: `Bearer ${secret}` } });
    // both instances keep the key in their short (2 s) cache while the CLI revokes it
    const answers: Array<{ at: number; status: number }> = [];
    let running = true;
    const hammer = Promise.all(
      deployment.instances.map(async (instance) => {
        while (running) {
          const answer = await keyInfo(instance.base);
          answers.push({ at: performance.now(), status: answer.status });
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deployment.cli(['keys', 'revoke', secret]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await hammer;
    const firstRefusal = answers.find((answer) => answer.status === 403);
    assert.ok(firstRefusal, 'the key was refused');
    assert.ok(
      answers.some((answer) => answer.status === 200 && answer.at < firstRefusal.at),
      'accepted before',
    );
    // the announcement takes milliseconds; a 2 s cache would keep accepting for up to 2 s
    const acceptedAfter = answers.filter(
      (answer) => answer.status === 200 && answer.at > firstRefusal.at + 50,
    );
    assert.deepEqual(acceptedAfter, [], 'accepted again after another instance refused it');
    assert.deepEqual(
      new Set(answers.map((answer) => answer.status)),
      new Set([200, 403]),
      'nothing but accepted or refused',
    );
  });

  test('the map catalog is shared: one generated_utc, X-Cache hit on the other instance', async () => {
    const [a, b] = deployment.instances as [FaultDeployment['instances'][0], FaultDeployment['instances'][0]];
    const catalog = (base: string) =>
      timed(
        `${base}/v1/map/brussels`,
        { headers: { Authorization: `Bearer ${deployment.key.secret}` } },
        30_000,
      );
    const first = await catalog(a.base);
    assert.equal(first.status, 200, first.body);
    const second = await catalog(b.base);
    assert.equal(second.status, 200, second.body);
    assert.equal(second.headers.get('x-cache'), 'hit');
    assert.equal(JSON.parse(second.body).meta.generated_utc, JSON.parse(first.body).meta.generated_utc);
  });

  test('a declared Content-Length over the limit is refused before 100 Continue', async () => {
    const [, b] = deployment.instances as [unknown, FaultDeployment['instances'][0]];
    const answer = await rawExchange(
      b.base,
      postHead('/v1/reports', deployment.key.secret, 10 * 1024 * 1024, 'Expect: 100-continue\r\n'),
      { readLimitMs: 10_000 },
    );
    assert.equal(answer.error, null);
    assert.doesNotMatch(answer.text, /100 Continue/);
    assert.match(answer.text, /^HTTP\/1\.1 400 /);
    assert.match(answer.text, /"code":"validation_error"/);
    assert.match(answer.text, /too large/);
  });

  test('a 4 MB body sent anyway gets the 400 problem document, not a connection reset', async () => {
    const [, b] = deployment.instances as [unknown, FaultDeployment['instances'][0]];
    const body = Buffer.alloc(4 * 1024 * 1024, 0x20);
    const answer = await rawExchange(b.base, postHead('/v1/reports', deployment.key.secret, body.length), {
      body,
      readLimitMs: 30_000,
    });
    assert.equal(answer.error, null, 'no reset');
    assert.match(answer.text, /^HTTP\/1\.1 400 /);
    assert.match(answer.text, /"code":"validation_error"/);
  });

  test('a dead worker’s report job is resumed by the other instance and finishes within 15 s (plus its own run time)', async () => {
    const [a, b] = deployment.instances as [FaultDeployment['instances'][0], FaultDeployment['instances'][0]];
    const submit = async (lat: number) => {
      const answer = await timed(`${b.base}/v1/reports`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${deployment.key.secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ lat, lon: BRUSSELS.lon }),
      });
      assert.equal(answer.status, 202, answer.body);
      return JSON.parse(answer.body).job_id as string;
    };
    const job = async (id: string) =>
      (
        await deployment.sql('select status, attempts, lease_until_ms from report_jobs where id = $1', [id])
      )[0] ?? {};
    // baseline in the same run: how long one report takes here with nothing failing
    const baselineId = await submit(BRUSSELS.lat);
    const baselineMs = await until(
      async () => (await job(baselineId)).status === 'completed',
      60_000,
      'baseline job',
    );
    // A paused, so that B's worker is the one that takes the next job; then B dies mid-job
    const aPid = a.child.pid as number;
    process.kill(aPid, 'SIGSTOP');
    let id: string;
    try {
      id = await submit(BRUSSELS.lat + 0.002);
      await until(async () => (await job(id)).lease_until_ms !== null, 20_000, 'B holds the job');
      b.child.kill('SIGKILL');
    } finally {
      process.kill(aPid, 'SIGCONT');
    }
    const resumedMs = await until(
      async () => Number((await job(id)).attempts) >= 2,
      30_000,
      'job resumed by A',
    );
    const finishedMs =
      resumedMs + (await until(async () => (await job(id)).status === 'completed', 60_000, 'job finished'));
    console.log(
      `FIGURE dead_worker_job_resumed_ms=${Math.round(resumedMs)} finished_ms=${Math.round(finishedMs)} baseline_job_ms=${Math.round(baselineMs)}`,
    );
    // lease 6 s + sweep 3 s, with a margin for a loaded machine
    assert.ok(resumedMs < 12_000, `resumed ${Math.round(resumedMs)} ms after the worker died`);
    assert.ok(
      finishedMs < 15_000 + baselineMs,
      `finished ${Math.round(finishedMs)} ms after the worker died`,
    );
    assert.equal(a.child.exitCode, null, 'the surviving instance is up');
  });

  test('the slow client was cut within about 30 s', async () => {
    const held = await slowClient;
    assert.ok(held.ms < 40_000, `cut after ${Math.round(held.ms)} ms`);
    assert.ok(held.ms > 25_000, `not cut early (${Math.round(held.ms)} ms)`);
    assert.match(held.text, /^HTTP\/1\.1 4\d\d /, held.text);
    assert.match(held.text, /application\/problem\+json/);
  });

  test('SIGTERM with a half-sent request held open: drains, closes it, exits 0 within the drain deadline', async () => {
    const [a] = deployment.instances as [FaultDeployment['instances'][0]];
    const held = rawExchange(a.base, `${postHead('/v1/reports', deployment.key.secret, 100)}{"lat":`, {
      readLimitMs: 40_000,
    });
    // a report being generated when SIGTERM lands
    const report = await postReport(a.base);
    assert.equal(report.status, 202, report.body);
    const jobId = JSON.parse(report.body).job_id as string;
    await until(
      async () =>
        (await deployment.sql('select lease_until_ms from report_jobs where id = $1', [jobId]))[0]
          ?.lease_until_ms !== null,
      20_000,
      'the job is being worked on',
    );
    const started = performance.now();
    const code = await a.stop(30_000);
    const ms = performance.now() - started;
    console.log(`FIGURE sigterm_exit_ms=${Math.round(ms)}`);
    assert.equal(code, 0, a.output().slice(-2000));
    assert.ok(ms < 20_000, `exited after ${Math.round(ms)} ms`);
    const closed = await held;
    assert.ok(closed.ms < 20_000, 'the held connection was closed by the drain deadline');
    // the job was finished during the drain, or handed back (lease released) for another instance
    const [job] = await deployment.sql('select status, lease_until_ms from report_jobs where id = $1', [
      jobId,
    ]);
    assert.ok(
      job?.status === 'completed' || job?.lease_until_ms === null,
      `job left held: ${JSON.stringify(job)}`,
    );
  });
});
