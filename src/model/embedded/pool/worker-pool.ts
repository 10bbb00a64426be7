import { Worker } from 'node:worker_threads';
import { ModelUnavailableError } from '../../port.ts';
import type { ReplyMessage, Task, WorkerInit } from './protocol.ts';

/**
 * A fixed pool of compute workers. Tasks go to the least busy worker; each worker runs
 * its tasks in order. The worker file is resolved with the extension of this module,
 * so the pool works both from TypeScript sources under tsx and from compiled dist/.
 */
interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
  /** the thread ended (crash or close): readiness reports fewer workers than configured */
  exited: boolean;
}

/**
 * Under tsx the loader registered by `--import tsx` does not reach worker threads on
 * Node 20, so a TypeScript worker first registers tsx's ESM hooks itself.
 */
function sourceWorker(url: URL, init: WorkerInit): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData: init });
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size: number, init: WorkerInit) {
    const fromSource = import.meta.url.endsWith('.ts');
    const url = new URL(`./worker${fromSource ? '.ts' : '.js'}`, import.meta.url);
    for (let i = 0; i < size; i++) {
      const worker = fromSource ? sourceWorker(url, init) : new Worker(url, { workerData: init });
      const slot: Slot = { worker, pending: new Map(), exited: false };
      worker.on('message', (reply: ReplyMessage) => {
        const waiter = slot.pending.get(reply.id);
        if (!waiter) return;
        slot.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.result);
        else waiter.reject(new ModelUnavailableError(`model computation failed: ${reply.error}`));
      });
      worker.on('error', (error) => this.failAll(slot, error));
      worker.on('exit', (code) => {
        slot.exited = true;
        if (!this.closed) this.failAll(slot, new Error(`model worker exited with code ${code}`));
      });
      worker.unref();
      this.slots.push(slot);
    }
  }

  /** precompute every domain's reference-year tables in every worker; resolves when all are done */
  warm(): Promise<void> {
    return this.broadcast({ method: 'warm' });
  }

  /** the same task on every worker (domain changes, warming); resolves when all are done */
  broadcast(task: Task): Promise<void> {
    if (this.closed) return Promise.reject(new ModelUnavailableError('the model is closed'));
    return Promise.all(this.slots.map((slot) => this.runOn<void>(slot, task))).then(() => undefined);
  }

  get size(): number {
    return this.slots.length;
  }

  /** threads still running */
  get alive(): number {
    return this.slots.filter((slot) => !slot.exited).length;
  }

  run<T>(task: Task): Promise<T> {
    if (this.closed) return Promise.reject(new ModelUnavailableError('the model is closed'));
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    return this.runOn<T>(slot, task);
  }

  private runOn<T>(chosen: Slot, task: Task): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      chosen.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // keep the process alive only while work is outstanding
      chosen.worker.ref();
      chosen.worker.postMessage({ id, task });
    }).finally(() => {
      if (chosen.pending.size === 0) chosen.worker.unref();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    for (const s of this.slots) this.failAll(s, new ModelUnavailableError('the model is closed'));
  }

  private failAll(slot: Slot, error: Error): void {
    for (const waiter of slot.pending.values())
      waiter.reject(new ModelUnavailableError(error.message, { cause: error }));
    slot.pending.clear();
  }
}
