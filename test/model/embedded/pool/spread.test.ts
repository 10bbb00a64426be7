import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spreadOverThreads } from '../../../../src/model/embedded/pool/spread.ts';

/** runs each part "on a thread": records the part and answers its items doubled, late for the first */
function recorder() {
  const parts: number[][] = [];
  const run = async (part: number[]) => {
    parts.push(part);
    await new Promise((resolve) => setTimeout(resolve, part[0] === 0 ? 10 : 0));
    return part.map((item) => item * 2);
  };
  return { parts, run };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => i);

test('items are cut into one contiguous part per thread, and the results come back in their order', async () => {
  const { parts, run } = recorder();
  const results = await spreadOverThreads(items(9), 2, 1, run);
  assert.deepEqual(
    results,
    items(9).map((i) => i * 2),
  );
  assert.deepEqual(parts, [
    [0, 1, 2, 3, 4],
    [5, 6, 7, 8],
  ]);
});

test('no part is smaller than asked: too few items run as one part, unsplit', async () => {
  const few = recorder();
  assert.deepEqual(await spreadOverThreads(items(3), 2, 4, few.run), [0, 2, 4]);
  assert.deepEqual(few.parts, [[0, 1, 2]]);
  const enough = recorder();
  await spreadOverThreads(items(8), 4, 4, enough.run);
  assert.equal(enough.parts.length, 2);
});

test('never more parts than items or threads', async () => {
  const { parts, run } = recorder();
  await spreadOverThreads(items(3), 8, 1, run);
  assert.equal(parts.length, 3);
  const none = recorder();
  assert.deepEqual(await spreadOverThreads([], 2, 1, none.run), []);
  assert.deepEqual(none.parts, [[]]);
});
