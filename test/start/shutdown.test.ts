import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, parseConfig } from '../../src/config.ts';
import {
  type CloseStep,
  closeInPhases,
  notClosedCleanlyLine,
  shutdownDeadlines,
} from '../../src/start/shutdown.ts';

/** A step that closes after `ms`, or never (`hang`), or fails; records when it ran and whether it was abandoned. */
function step(name: string, dependency: string, behaviour: { ms?: number; hang?: boolean; fail?: string }) {
  const seen = { startedAt: 0, closedAt: 0, abandoned: false };
  const closeStep: CloseStep = {
    name,
    dependency,
    async close() {
      seen.startedAt = Date.now();
      if (behaviour.hang) await new Promise(() => {});
      await new Promise((resolve) => setTimeout(resolve, behaviour.ms ?? 0));
      if (behaviour.fail) throw new Error(behaviour.fail);
      seen.closedAt = Date.now();
    },
    abandon() {
      seen.abandoned = true;
    },
  };
  return { closeStep, seen };
}

/**
 * How late (ms) a timer set for `at` fires on this event loop: the shutdown's own timers are
 * as late on a loaded machine (hundreds of ms beside two suites), so the bounds below allow
 * that lateness, measured in the same run, rather than a fixed margin.
 */
function lateness(at: number): Promise<number> {
  return new Promise((resolve) => setTimeout(() => resolve(Math.max(0, Date.now() - at)), at - Date.now()));
}

/** the scheduling slack on top of a measured lateness: a few turns of the loop, no more */
const SLACK_MS = 200;

describe('closeInPhases: every close has a deadline', () => {
  test('the deadlines derive from the drain deadline: closes end DRAIN_MS + 1.5 s after the signal', () => {
    assert.deepEqual(shutdownDeadlines(1000, 10_000), { drainAt: 11_000, closedBy: 12_500 });
    assert.deepEqual(shutdownDeadlines(0, 0), { drainAt: 0, closedBy: 1500 });
  });

  test('DRAIN_MS configures the drain deadline (default 10 s); a malformed value names the variable', () => {
    assert.equal(parseConfig({}).drainMs, 10_000);
    assert.equal(parseConfig({ DRAIN_MS: '2500' }).drainMs, 2500);
    assert.throws(
      () => parseConfig({ DRAIN_MS: '10s' }),
      (error: unknown) => {
        return error instanceof ConfigError && /DRAIN_MS/.test(error.message);
      },
    );
  });

  test('clean closes: phases in order, nothing reported', async () => {
    const first = step('queue', 'redis', { ms: 30 });
    const second = step('pool', 'database', { ms: 10 });
    const unclean = await closeInPhases(
      [{ steps: [first.closeStep] }, { steps: [second.closeStep] }],
      Date.now() + 5000,
    );
    assert.deepEqual(unclean, []);
    assert.ok(second.seen.startedAt >= first.seen.closedAt, 'the second phase starts after the first');
    assert.equal(first.seen.abandoned, false);
  });

  test('a step that hangs is abandoned at its share of the time; the phases after it still close cleanly', async () => {
    const hung = step('report queue', 'redis', { hang: true });
    const quick = step('model threads', 'model', { ms: 5 });
    const stores = step('database', 'database', { ms: 5 });
    const started = Date.now();
    const closedBy = started + 1200;
    const shareLate = lateness(started + 600);
    const closedByLate = lateness(closedBy);
    const unclean = await closeInPhases(
      [{ steps: [hung.closeStep, quick.closeStep] }, { steps: [stores.closeStep] }],
      closedBy,
    );
    const ended = Date.now();
    assert.deepEqual(unclean, [{ step: 'report queue', dependency: 'redis', reason: 'deadline' }]);
    assert.equal(hung.seen.abandoned, true, 'its sockets are dropped');
    assert.ok(stores.seen.closedAt > 0, 'the stores were closed after the hung phase');
    // the hung phase had half of the time (two phases left), not all of it (600 ms, not 1200)
    const late = await shareLate;
    assert.ok(
      stores.seen.startedAt - started < 600 + late + SLACK_MS,
      `stores started ${stores.seen.startedAt - started} ms in (timers ${late} ms late)`,
    );
    assert.ok(stores.seen.startedAt - started >= 550, 'the hung phase had its whole share');
    const closedLate = await closedByLate;
    assert.ok(
      ended <= closedBy + closedLate + SLACK_MS,
      `ended ${ended - closedBy} ms past the deadline (timers ${closedLate} ms late)`,
    );
  });

  test('every phase hanging: the whole shutdown still ends by its deadline, naming each', async () => {
    const phases = ['redis', 'chromium', 'database'].map((dependency) =>
      step(dependency, dependency, { hang: true }),
    );
    const closedBy = Date.now() + 900;
    const closedByLate = lateness(closedBy);
    const unclean = await closeInPhases(
      phases.map((entry) => ({ steps: [entry.closeStep] })),
      closedBy,
    );
    const ended = Date.now();
    const late = await closedByLate;
    assert.ok(
      ended <= closedBy + late + SLACK_MS,
      `ended ${ended - closedBy} ms past the deadline (timers ${late} ms late)`,
    );
    assert.deepEqual(
      unclean.map((entry) => entry.dependency),
      ['redis', 'chromium', 'database'],
    );
  });

  test('a failing close is reported with its reason and does not stop the others', async () => {
    const failing = step('revocation subscriber', 'redis', {
      fail: 'redis not connected (reconnecting): connection dropped',
    });
    const other = step('database', 'database', { ms: 5 });
    const unclean = await closeInPhases(
      [{ steps: [failing.closeStep] }, { steps: [other.closeStep] }],
      Date.now() + 2000,
    );
    assert.deepEqual(unclean, [
      {
        step: 'revocation subscriber',
        dependency: 'redis',
        reason: 'redis not connected (reconnecting): connection dropped',
      },
    ]);
    assert.ok(other.seen.closedAt > 0);
  });

  test('the drain phase runs until the drain deadline; the time after it is what is shared', async () => {
    const drainAt = Date.now() + 400;
    const closedBy = drainAt + 400;
    const draining = step('http server', 'clients', { hang: true });
    const after = step('database', 'database', { ms: 5 });
    const closedByLate = lateness(closedBy);
    await closeInPhases(
      [{ steps: [draining.closeStep], runsUntilAtLeast: drainAt }, { steps: [after.closeStep] }],
      closedBy,
    );
    // half of the 400 ms after the drain deadline: abandoned around drainAt + 200
    assert.ok(after.seen.startedAt >= drainAt + 150, `${after.seen.startedAt - drainAt} ms after drainAt`);
    const late = await closedByLate;
    assert.ok(
      after.seen.closedAt > 0 && after.seen.closedAt <= closedBy + late + SLACK_MS,
      `closed ${after.seen.closedAt - closedBy} ms past the deadline (timers ${late} ms late)`,
    );
  });

  test('the log line: one entry per dependency, every step with its reason', () => {
    const line = notClosedCleanlyLine([
      { step: 'report queue', dependency: 'redis', reason: 'deadline' },
      { step: 'redis commands connection', dependency: 'redis', reason: 'Command timed out' },
      { step: 'database', dependency: 'database', reason: 'query failed: ECONNREFUSED' },
    ]);
    assert.equal(line.message, 'shutdown: not closed cleanly');
    assert.deepEqual(line.fields.dependencies, ['redis', 'database']);
    assert.equal(line.fields.steps.length, 3);
  });
});
