import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withinDeadline } from '../../../src/domain/errors/deadline.ts';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

test('the work answers when it settles first, and no timer is left behind', async () => {
  const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  assert.equal(await withinDeadline(after(5, 'done'), 1_000, () => 'late'), 'done');
  const left = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
  assert.equal(left, before);
});

test('past the deadline the late value answers, or the late error rejects', async () => {
  assert.equal(await withinDeadline(after(1_000, 'done'), 5, () => 'late'), 'late');
  await assert.rejects(
    withinDeadline(after(1_000, 'done'), 5, () => {
      throw new Error('too slow');
    }),
    /too slow/,
  );
});

test("the work's own failure rejects as it is", async () => {
  await assert.rejects(
    withinDeadline(Promise.reject(new Error('broken')), 1_000, () => 'late'),
    /broken/,
  );
});
