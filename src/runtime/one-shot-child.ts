import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { OneShotReply, OneShotRequest } from './one-shot-process.ts';

/**
 * The child's side of runOneShotProcess: waits for its one request, runs `work` on it,
 * sends the answer (or the error's message) and exits. A child whose parent is gone (the
 * IPC channel closed: the server exited, even killed) exits at once, so none outlives it.
 */
export function serveOneShot<I, O>(work: (input: I) => O | Promise<O>): void {
  process.once('disconnect', () => process.exit(1));
  process.once('message', async (request: OneShotRequest) => {
    lowerPriority(request.nice);
    let reply: OneShotReply<O>;
    try {
      reply = { ok: true, answer: await work(request.input as I) };
    } catch (error) {
      reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(reply, () => process.exit(reply.ok ? 0 : 1));
  });
}

/**
 * Every thread of this process at `nice` (on Linux a niceness is a thread's: the garbage
 * collector's helpers, started with the process, would keep the default); threads started
 * later inherit it from the thread that starts them.
 */
function lowerPriority(nice: number): void {
  if (nice <= 0) return;
  try {
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), nice);
  } catch {
    setPriority(nice); // no /proc: this thread at least
  }
}
