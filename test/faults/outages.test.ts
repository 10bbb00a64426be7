import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
 * figures are printed (`FIGURE …`) for README "Failure behaviour".
 */

const OUTAGE_ANSWER_MS = 2000;
const RECOVERY_MS = 5000;

let deployment: FaultDeployment;
const accepted = new Set<string>();

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

describe('faults: two instances, their PostgreSQL and Redis stopped and restarted under load', () => {
  before(async () => {
    deployment = await startFaultDeployment(2);
  });
  after(async () => {
    await deployment?.close();
  });

  it('Redis down: keyed requests 503 within 2 s, public ones served, readiness 503; back within 5 s', async () => {
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

  it('PostgreSQL down: 503 within 2 s (a cached key still served), readiness 503; back within 5 s; nobody exits', async () => {
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

  it('no job or quota unit lost: every accepted report completes, and the quota counts exactly those', async () => {
    const [a] = deployment.instances as [FaultDeployment['instances'][0]];
    await until(
      async () => {
        const rows = await deployment.sql(
          "select count(*)::int as n from report_jobs where status = 'processing'",
        );
        return rows[0]?.n === 0;
      },
      90_000,
      'all report jobs finished',
    );
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
});
