import type { Worker } from 'node:worker_threads';
import { startModuleThread } from './module-thread.ts';

export interface OneShotProcessOptions {
  /** what the process makes, for the errors ("the rasters of leuven") */
  what: string;
  /** handed to the process as one message (structured clone: typed arrays cross as such) */
  input: unknown;
  /** past it the process is killed and the promise rejects */
  deadlineMs: number;
  /**
   * the process's niceness (0–19): work that may take the time it needs, and should not
   * take a core from the server's own threads on a busy machine
   */
  nice?: number;
  /** aborting kills the process and rejects (a shutdown: no process outlives the server) */
  signal?: AbortSignal;
}

/** what the process sends back: its answer, or why it has none */
export type OneShotReply<T> = { ok: true; answer: T } | { ok: false; message: string };

/** what the process receives */
export interface OneShotRequest {
  input: unknown;
  nice: number;
}

/** to the launcher thread (process-launcher.ts) */
export type LauncherOrder =
  | { kind: 'run'; id: number; entry: string; execArgv: string[]; request: OneShotRequest }
  | { kind: 'kill'; id: number };

/** from the launcher thread */
export type LauncherEvent =
  | { id: number; kind: 'reply'; reply: OneShotReply<unknown> }
  | { id: number; kind: 'error'; message: string }
  | { id: number; kind: 'exit'; code: number | null; signal: string | null; stderr: string };

let launcher: Worker | null = null;
let nextId = 0;
/** the processes under way, by id: the launcher thread their order went to, and who waits */
const waiting = new Map<number, { thread: Worker; deliver: (event: LauncherEvent) => void }>();

/** the launcher thread (and its spawner process), started on first use; it never keeps the server alive */
function launcherThread(): Worker {
  if (launcher) return launcher;
  const fromSource = import.meta.url.endsWith('.ts');
  const thread = startModuleThread(import.meta.url, 'process-launcher', {
    workerData: {
      spawner: new URL(`./process-spawner${fromSource ? '.ts' : '.js'}`, import.meta.url).href,
      execArgv: fromSource ? ['--import', import.meta.resolve('tsx')] : [],
    },
  });
  thread.on('message', (event: LauncherEvent) => waiting.get(event.id)?.deliver(event));
  // a thread that fails (its 'error', then its 'exit') fails only the orders it was given:
  // a next order may already have started a new launcher, whose processes carry on
  const fail = (message: string) => {
    if (launcher === thread) launcher = null;
    for (const [id, order] of waiting)
      if (order.thread === thread) order.deliver({ id, kind: 'error', message });
  };
  thread.on('error', (error) => fail(`the process launcher failed: ${error.message}`));
  thread.on('exit', (code) => fail(`the process launcher exited with code ${code}`));
  // held only while a process runs (see runOneShotProcess); after the listeners, which ref it again
  thread.unref();
  launcher = thread;
  return thread;
}

/**
 * Starts the launcher thread and its spawner process now: the one fork of the server
 * itself (which stops its event loop while the kernel copies it, see process-spawner.ts),
 * made by a server as it starts, before it answers requests, rather than in the middle of
 * its first city change. Later processes are forked by the small spawner.
 */
export function startProcessLauncher(): void {
  launcherThread();
}

/**
 * Runs the module `name` next to `from` (an import.meta.url: `name.js` in the built code,
 * `name.ts` from the sources, under tsx) in a child process of its own for one answer
 * (the module calls serveOneShot, one-shot-child.ts). Unlike a thread, the process shares
 * nothing with the server: its heap, its garbage collector's helper threads, its
 * allocator and its address space are its own, so that hundreds of MB allocated and freed
 * there cost the server's event loop nothing, and all of it is given back when it exits.
 * The process is started by a small process of the server's (process-spawner.ts), through
 * a thread of its own (process-launcher.ts), so that the event loop never waits for it
 * to start, nor for the server to be forked. A process that fails, dies, exits without answering,
 * overruns the deadline or is aborted rejects, and is killed, so that a caller waiting on
 * it never waits forever and no process is left behind.
 */
export function runOneShotProcess<T>(from: string, name: string, options: OneShotProcessOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new Error(`${options.what}: stopped (shutting down)`));
      return;
    }
    const fromSource = from.endsWith('.ts');
    const thread = launcherThread();
    const id = nextId++;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      waiting.delete(id);
      if (![...waiting.values()].some((order) => order.thread === thread)) thread.unref();
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', onAbort);
      // an answered process exits by itself; any other is stopped here
      thread.postMessage({ kind: 'kill', id } satisfies LauncherOrder);
      outcome();
    };
    const deadline = setTimeout(
      () =>
        settle(() => reject(new Error(`${options.what}: not done within ${options.deadlineMs / 1000} s`))),
      options.deadlineMs,
    );
    const onAbort = () => settle(() => reject(new Error(`${options.what}: stopped (shutting down)`)));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    waiting.set(id, {
      thread,
      deliver: (event) => {
        if (event.kind === 'reply') {
          const reply = event.reply as OneShotReply<T>;
          settle(() => (reply.ok ? resolve(reply.answer) : reject(new Error(reply.message))));
        } else if (event.kind === 'error')
          settle(() => reject(new Error(`${options.what}: ${event.message}`)));
        else {
          const last = event.stderr.trim().split('\n').at(-1);
          const how = event.signal ?? `code ${event.code}`;
          settle(() =>
            reject(new Error(`the process for ${options.what} exited with ${how}${last ? `: ${last}` : ''}`)),
          );
        }
      },
    });
    // a process under way holds this one, as a child process's handle would (a CLI
    // waiting for a build has nothing else to keep it running)
    thread.ref();
    const order: LauncherOrder = {
      kind: 'run',
      id,
      entry: new URL(`./${name}${fromSource ? '.ts' : '.js'}`, from).href,
      // never the server's own flags (its heap bound, a profiler, a test's preloads)
      execArgv: fromSource ? ['--import', import.meta.resolve('tsx')] : [],
      request: { input: options.input, nice: options.nice ?? 0 },
    };
    thread.postMessage(order);
  });
}
