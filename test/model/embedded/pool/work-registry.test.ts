import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ModelTimeoutError } from '../../../../src/domain/errors/failures.ts';
import { WorkRegistry } from '../../../../src/model/embedded/pool/work-registry.ts';

test('a deadline already spent rejects at once, even when the work answers first; the work carries on and is kept', async () => {
  const registry = new WorkRegistry();
  let starts = 0;
  const start = () => {
    starts += 1;
    return Promise.resolve('tile'); // quicker than any timer
  };
  await assert.rejects(registry.run('k', 'req-1', 0, start), ModelTimeoutError);
  await assert.rejects(registry.run('other', 'req-2', -5, start), ModelTimeoutError);
  // the timed-out call's work finished and is collected, not started again
  assert.equal(await registry.run('k', 'req-1', undefined, start), 'tile');
  assert.equal(starts, 2);
});

test('a call past its deadline rejects while the work goes on; identical calls share one run', async () => {
  const registry = new WorkRegistry();
  let release: (value: string) => void = () => undefined;
  let starts = 0;
  const start = () => {
    starts += 1;
    return new Promise<string>((resolve) => {
      release = resolve;
    });
  };
  await assert.rejects(registry.run('k', 'req', 5, start), ModelTimeoutError);
  const waiting = registry.run('k', 'req', undefined, start);
  release('done');
  assert.equal(await waiting, 'done');
  assert.equal(starts, 1);
});
