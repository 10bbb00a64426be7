import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFaultLog } from '../../../src/adapters/faults/fault-log.ts';
import { DependencyUnavailableError } from '../../../src/domain/errors/dependency.ts';

type Line = Record<string, unknown> & { level: string; msg: string };

function capture(quietMs: number) {
  const lines: Line[] = [];
  const faults = createFaultLog({ level: 'info', quietMs });
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ ...fields, level, msg });
  faults.bind({ info: at('info'), warn: at('warn'), error: at('error') });
  return { faults, lines };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const outage = () =>
  new DependencyUnavailableError('redis', {
    cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:6379'), { code: 'ECONNREFUSED' }),
  });

test('5xx answers: the first at once, the rest of the window on one line with their count, no stack', async () => {
  const { faults, lines } = capture(300);
  for (let i = 0; i < 40; i += 1) faults.answered('redis', 503, outage());
  faults.answered('model', 504, new Error('deadline'));
  faults.answered('redis', 502, outage());
  assert.deepEqual(
    lines.map((line) => [line.dependency, line.status]),
    [
      ['redis', 503],
      ['model', 504],
    ],
  );
  assert.deepEqual(lines[0]?.failure, {
    type: 'DependencyUnavailableError',
    message: 'redis unavailable',
    // the driver's message (a host, a query) stays out: its type and code say enough
    cause: { type: 'Error', code: 'ECONNREFUSED' },
  });
  assert.ok(!JSON.stringify(lines).includes('stack'));
  assert.ok(!JSON.stringify(lines).includes('10.0.0.7'));

  await wait(450);
  const summaries = lines.filter((line) => 'suppressed' in line);
  assert.deepEqual(
    summaries.map((line) => [line.dependency, line.suppressed, line.statuses]),
    [['redis', 40, { 503: 39, 502: 1 }]],
  );
  // a quiet window closes without a line; the next failure is written at once again
  await wait(400);
  assert.equal(lines.length, 3);
  faults.answered('redis', 503, outage());
  assert.equal(lines.length, 4);
  assert.equal(lines[3]?.status, 503);
});
