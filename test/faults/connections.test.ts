import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { BRUSSELS, type FaultDeployment, startFaultDeployment, timed, until } from './harness.ts';

/**
 * Issue #11, the connection-level faults, against real processes: a slow client, a body
 * over the limit (declared with `Expect: 100-continue`, or sent anyway), a worker that
 * dies mid-job, and SIGTERM while a client holds a half-sent request.
 */

let deployment: FaultDeployment;

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

describe('faults: slow clients, large bodies, dead workers, SIGTERM', () => {
  before(async () => {
    deployment = await startFaultDeployment(2);
  });
  after(async () => {
    await deployment?.close();
  });

  it('a client that sends half a body is cut with a problem document within about 30 s', async () => {
    const [a] = deployment.instances as [FaultDeployment['instances'][0]];
    // runs alongside the next tests: they do not wait for it
    const held = rawExchange(a.base, `${postHead('/v1/reports', deployment.key.secret, 100)}{"lat":`, {
      readLimitMs: 45_000,
    });
    slowClient = held;
    assert.ok(held);
  });

  it('a revocation reaches every instance at once: once refused anywhere, accepted nowhere', async () => {
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

  it('the map catalog is shared: one generated_utc, X-Cache hit on the other instance', async () => {
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

  it('a declared Content-Length over the limit is refused before 100 Continue', async () => {
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

  it('a 4 MB body sent anyway gets the 400 problem document, not a connection reset', async () => {
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

  it('a dead worker’s report job is resumed by the other instance and finishes within 15 s (plus its own run time)', async () => {
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

  it('the slow client was cut within about 30 s', async () => {
    const held = await slowClient;
    assert.ok(held.ms < 40_000, `cut after ${Math.round(held.ms)} ms`);
    assert.ok(held.ms > 25_000, `not cut early (${Math.round(held.ms)} ms)`);
    assert.match(held.text, /^HTTP\/1\.1 4\d\d /, held.text);
    assert.match(held.text, /application\/problem\+json/);
  });

  it('SIGTERM with a half-sent request held open: drains, closes it, exits 0 within the drain deadline', async () => {
    const [a] = deployment.instances as [FaultDeployment['instances'][0]];
    const held = rawExchange(a.base, `${postHead('/v1/reports', deployment.key.secret, 100)}{"lat":`, {
      readLimitMs: 40_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const code = await a.stop(30_000);
    const ms = performance.now() - started;
    console.log(`FIGURE sigterm_exit_ms=${Math.round(ms)}`);
    assert.equal(code, 0, a.output().slice(-2000));
    assert.ok(ms < 20_000, `exited after ${Math.round(ms)} ms`);
    const closed = await held;
    assert.ok(closed.ms < 20_000, 'the held connection was closed by the drain deadline');
  });
});

let slowClient: ReturnType<typeof rawExchange>;
