import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runOneShotProcess } from '../../src/runtime/one-shot-process.ts';
import { descendants } from '../helpers/descendants.ts';
import { until } from '../helpers/until.ts';

/** a module beside the fixture, as the callers pass their own import.meta.url */
const FROM = new URL('../fixtures/runtime/sleeping-child.ts', import.meta.url).href;

function processesRunning(script: string): number[] {
  return descendants(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
    } catch {
      return false; // gone meanwhile
    }
  });
}

const sleep = (ms: number, what: string) =>
  runOneShotProcess<string>(FROM, 'sleeping-child', { what, input: ms, deadlineMs: 120_000 });

test('a spawner that dies fails the processes under way at once, leaves none behind, and the next process starts again', async () => {
  assert.equal(await sleep(0, 'a first answer'), 'done');
  const running = sleep(600_000, 'a long build');
  running.catch(() => undefined);
  const [child] = await until(
    () => processesRunning('sleeping-child').length > 0 && processesRunning('sleeping-child'),
    { timeoutMs: 60_000, intervalMs: 50, what: 'the one-shot process to start' },
  );
  const [spawner] = processesRunning('process-spawner');
  assert.ok(spawner, 'the spawner process runs beside the server');
  process.kill(spawner, 'SIGKILL');
  await assert.rejects(running, /a long build: the process launcher (failed|exited)/);
  // the orphaned process sees its channel close and exits
  await until(() => !processesRunning('sleeping-child').includes(child!), {
    timeoutMs: 30_000,
    what: `the one-shot process ${child} to end with its spawner`,
  });
  assert.equal(await sleep(0, 'an answer after the spawner died'), 'done');
  assert.equal(processesRunning('process-spawner').length, 1, 'one new spawner');
});
