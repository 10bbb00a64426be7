import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

/**
 * Issue #37 item 5, a poll and the event loop: bench/feed-poll.ts polls every feed at
 * real size (~10,000 IRCEL values, a 400 kB body), stores them in SQLite, reads them back
 * and hands them to a thread, sampling the loop; run here in its own process with the
 * flags it documents. The bench row holds the steady polls to the issue's 20 ms. In
 * milliseconds a block is only as long as the machine is fast: the same sliced poll
 * stalled the loop 20–35 ms on a quiet machine and 80–170 ms beside four busy loops (the
 * wait for a core already left out), which broke the 60 ms bound this test had. So the test
 * holds a share instead: the longest block (the CPU time the loop spent between two turns,
 * helpers/event-loop-stall.ts) over the main thread's CPU time in the same poll, which a
 * slower or busier machine stretches alike. Sliced, no block took more than 0.15 of a
 * poll's work on the loop, quiet or loaded; with the store unsliced (one block for all
 * 10,000 values), the longest took 0.36–0.65.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const MAX_SHARE = 0.25;

const printed = (stdout: string, name: string): number[] => {
  const line = stdout.split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, stdout);
  return JSON.parse(line.slice(name.length + 1)) as number[];
};

test('a poll of every feed at real size is stored and handed over in slices: no long block of the event loop', async (t) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--single-threaded-gc', '--max-semi-space-size=8', '--import', 'tsx', 'bench/feed-poll.ts'],
    { cwd: ROOT, timeout: 240_000 },
  );
  const blocks = printed(stdout, 'FEED_POLL_BLOCKS');
  const mainMs = printed(stdout, 'FEED_POLL_MAIN_MS');
  t.diagnostic(
    `longest block per poll, of the main thread's CPU time (the first compiles): ${blocks
      .map((b, i) => `${b.toFixed(1)} of ${mainMs[i]!.toFixed(0)} ms`)
      .join(', ')}`,
  );
  assert.equal(blocks.length, 5);
  assert.equal(mainMs.length, 5);
  for (const [round, block] of blocks.entries()) {
    if (round === 0) continue;
    const share = block / mainMs[round]!;
    assert.ok(
      share < MAX_SHARE,
      `poll ${round + 1} held the event loop for ${block.toFixed(1)} ms of its ${mainMs[round]!.toFixed(0)} ms on the main thread (${share.toFixed(2)})`,
    );
  }
});
