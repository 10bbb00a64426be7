import { fork } from 'node:child_process';
import { parentPort, workerData } from 'node:worker_threads';
import type { LauncherEvent, LauncherOrder } from './one-shot-process.ts';

/**
 * The thread that hands the one-shot processes' orders (one-shot-process.ts) to the
 * process that starts them (process-spawner.ts), and relays their answers. It starts that
 * process as it starts itself: the only fork of the server, made when the server starts
 * (startProcessLauncher) rather than during a city change. Starting a process blocks the
 * thread that asks for it until the child has executed (libuv's fork, then a wait on a
 * pipe): here it is this thread that waits, and it serialises the orders (a package's
 * archive) off the event loop. A spawner that dies ends this thread, whose exit fails the
 * processes under way; the next order starts both again.
 */
const { spawner, execArgv } = workerData as { spawner: string; execArgv: string[] };
const child = fork(new URL(spawner), [], {
  execArgv,
  serialization: 'advanced',
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
child.on('message', (event: LauncherEvent) => parentPort!.postMessage(event));
child.once('exit', (code, signal) => {
  throw new Error(`the process spawner exited with ${signal ?? `code ${code}`}`);
});
parentPort!.on('message', (order: LauncherOrder) => child.send(order));
