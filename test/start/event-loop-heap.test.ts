import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { npmStart } from '../../bench/start-command.ts';

/**
 * `npm start`'s --max-old-space-size bounds the event loop's heap only: once the server
 * has cleared the flag (start/event-loop-heap.ts), the threads it starts keep V8's usual
 * bound. Probed in a child process run with `npm start`'s own V8 flags.
 */
const repo = new URL('../..', import.meta.url).pathname;
const moduleUrl = new URL('../../src/start/event-loop-heap.ts', import.meta.url).href;

function heapLimits(clear: boolean): { main: number; thread: number } {
  const flags = npmStart(repo).args.filter((arg) => arg.startsWith('--'));
  const probe = `
    import { Worker } from 'node:worker_threads';
    import { getHeapStatistics } from 'node:v8';
    const { keepHeapBoundToEventLoop } = await import(${JSON.stringify(moduleUrl)});
    if (${clear}) keepHeapBoundToEventLoop();
    const worker = new Worker("const { parentPort } = await import('node:worker_threads'); const v8 = await import('node:v8'); parentPort.postMessage(v8.getHeapStatistics().heap_size_limit);", { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    const thread = await new Promise((resolve) => worker.once('message', resolve));
    await worker.terminate();
    console.log(JSON.stringify({ main: getHeapStatistics().heap_size_limit, thread }));`;
  const out = execFileSync(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', probe],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string) as { main: number; thread: number };
}

test("npm start bounds the event loop's heap, and the threads started after keep V8's usual bound", () => {
  const flags = npmStart(repo).args;
  const bound = flags.find((arg) => arg.startsWith('--max-old-space-size='));
  assert.ok(bound, 'npm start sets --max-old-space-size');
  const mb = 1024 * 1024;
  const cleared = heapLimits(true);
  assert.ok(cleared.main < (Number(bound.split('=')[1]) + 100) * mb, `event loop: ${cleared.main / mb} MB`);
  assert.ok(cleared.thread > 1.5 * cleared.main, `thread: ${cleared.thread / mb} MB`);
  // without the call a thread inherits the event loop's bound: what the call is for
  const inherited = heapLimits(false);
  assert.ok(inherited.thread < 1.2 * inherited.main, `inherited: ${inherited.thread / mb} MB`);
});
