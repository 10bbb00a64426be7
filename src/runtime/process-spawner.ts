import { type ChildProcess, fork } from 'node:child_process';
import type { LauncherEvent, LauncherOrder, OneShotReply } from './one-shot-process.ts';

/**
 * The small process that forks the one-shot processes (one-shot-process.ts), started once
 * by the launcher thread (process-launcher.ts) when the server starts, and relaying their
 * answers. Forking the server itself held its allocator's locks (glibc takes every malloc
 * arena's lock around fork(), so that the child's heap is consistent) for as long as the
 * kernel took to copy a 500 MB process's page tables: a thread of the server that forked
 * stopped the event loop at its next allocation until the copy was done (#38,
 * docs/cities.md). This process is a fresh Node process of a few tens of MB: its forks
 * are quick, and its locks are not the server's. When the server goes (its IPC channel
 * closes, even on a kill), it kills the processes it started and exits.
 */
const STDERR_TAIL_CHARS = 2000;
const children = new Map<number, ChildProcess>();
const post = (event: LauncherEvent) => process.send?.(event);

process.on('message', (order: LauncherOrder) => {
  if (order.kind === 'kill') {
    children.get(order.id)?.kill('SIGKILL');
    return;
  }
  const { id } = order;
  const child = fork(new URL(order.entry), [], {
    execArgv: order.execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  children.set(id, child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  child.once('message', (reply: OneShotReply<unknown>) => post({ id, kind: 'reply', reply }));
  child.once('error', (error) => post({ id, kind: 'error', message: error.message }));
  child.once('exit', (code, signal) => {
    children.delete(id);
    post({ id, kind: 'exit', code, signal, stderr });
  });
  child.send(order.request);
});

process.once('disconnect', () => {
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(0);
});
