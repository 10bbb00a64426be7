import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { releaseBuffers } from '../../../src/adapters/threads/release-buffers.ts';

const MB = 1024 * 1024;

test('released buffers are detached and their memory is freed without a garbage collection', async () => {
  const columns = [new Float32Array(4 * MB), new Float32Array(4 * MB)];
  columns[0]!.fill(1);
  columns[1]!.fill(2);
  const held = process.memoryUsage().arrayBuffers;
  // a second view of the same buffer: each buffer is moved once
  releaseBuffers([columns[0]!.buffer, columns[1]!.buffer, columns[0]!.buffer]);
  assert.equal(columns[0]!.buffer.byteLength, 0);
  assert.equal(columns[1]!.length, 0);
  // the channel closes within a few turns of the event loop; no collection is asked for
  let freed = 0;
  for (let turn = 0; turn < 100 && freed < 30 * MB; turn++) {
    await nextTurn();
    freed = held - process.memoryUsage().arrayBuffers;
  }
  assert.ok(freed >= 30 * MB, `freed ${(freed / MB).toFixed(1)} MB of 32`);
});

test('shared memory and buffers already detached are left alone', () => {
  const shared = new Float32Array(new SharedArrayBuffer(1024));
  shared[0] = 7;
  const gone = new ArrayBuffer(16);
  releaseBuffers([gone]);
  assert.doesNotThrow(() => releaseBuffers([shared.buffer, gone]));
  assert.equal(shared[0], 7);
  assert.equal(shared.buffer.byteLength, 1024);
});
