import type { Worker } from 'node:worker_threads';
import { ModelUnavailableError } from '../../../domain/errors/failures.ts';
import type { DomainId } from '../../../domain/grid/model-data.ts';
import type { LiveInputs } from '../../../domain/live/live-inputs.ts';
import type { ReferenceYears } from '../../../domain/live/reference-year.ts';
import { startModuleThread } from '../../../runtime/module-thread.ts';
import { ThreadBugError } from '../../../runtime/thread-failure.ts';
import type { WarmTransfer } from '../compute/shared-warm.ts';
import type { MorphologyTransfer } from '../morphology/morphology.ts';
import type { ReplyMessage, Task, WorkerInit } from './protocol.ts';

/**
 * A fixed pool of compute workers. Tasks go to the least busy running worker; each
 * worker runs its tasks in order. The worker file is resolved with the extension of this
 * module, so the pool works both from TypeScript sources under tsx and from compiled dist/.
 *
 * A worker that dies (crash, out of memory, terminated) fails its in-flight tasks at once
 * with ModelUnavailableError and is replaced after a backoff (RESPAWN_*), with the
 * domains attached at that moment; it takes work again once it has warmed. While no
 * worker runs, tasks are refused at once rather than queued behind a dead thread.
 */
interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
  /** the thread ended (crash or close) and its replacement is not warm yet */
  down: boolean;
  /** crashes in a row, each without a long enough life in between: the backoff's exponent */
  crashes: number;
  startedAt: number;
  respawn?: NodeJS.Timeout;
}

/** first respawn delay, doubled per crash in a row, capped: a crash loop does not spin */
const RESPAWN_FIRST_MS = 200;
const RESPAWN_MAX_MS = 30_000;
/** a worker that lived this long resets the backoff */
const RESPAWN_STABLE_MS = 30_000;

/**
 * A compute thread's results live in typed arrays outside the V8 heap, and its heap holds
 * little that lives long; V8's default young generation (3 × 16 MB semi-spaces) would
 * still reserve tens of megabytes per thread. A small one keeps each thread's resident
 * memory down for a few more, cheap, scavenges (docs/performance.md, "Memory").
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  /** the domains every worker holds now: what a replacement worker starts with */
  private readonly attached = new Map<DomainId, MorphologyTransfer>();
  /** what the start-up warm-up computed once, in shared memory: later threads adopt it */
  private warmed: WarmTransfer[] = [];
  /** the live inputs every worker holds now: a replacement worker starts with them */
  private live: LiveInputs | undefined;
  private reference: ReferenceYears | undefined;

  constructor(
    size: number,
    private readonly init: WorkerInit,
  ) {
    for (const t of init.morphologies) this.attached.set(t.info.id, t);
    for (let i = 0; i < size; i++) {
      const worker = this.startWorker();
      const slot: Slot = { worker, pending: new Map(), down: false, crashes: 0, startedAt: 0 };
      this.watch(slot, worker);
      this.slots.push(slot);
    }
  }

  /** a thread holding the domains attached now */
  private startWorker(): Worker {
    const init: WorkerInit = {
      seed: this.init.seed,
      morphologies: [...this.attached.values()],
      // a revision that changed since is skipped by the thread (engine.adopt)
      warmed: this.warmed,
      ...(this.live ? { live: this.live } : {}),
      ...(this.reference ? { reference: this.reference } : {}),
    };
    return startModuleThread(import.meta.url, 'worker', { workerData: init, resourceLimits: WORKER_LIMITS });
  }

  /** makes `worker` the slot's thread and routes its replies, exit and errors to the slot */
  private watch(slot: Slot, worker: Worker): void {
    slot.worker = worker;
    slot.startedAt = performance.now();
    worker.on('message', (reply: ReplyMessage) => {
      const waiter = slot.pending.get(reply.id);
      if (!waiter) return;
      slot.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else if (reply.error.expected)
        waiter.reject(new ModelUnavailableError(`model computation failed: ${reply.error.message}`));
      else waiter.reject(new ThreadBugError('model thread', reply.error));
    });
    worker.on('error', (error) => this.failAll(slot, error));
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.down = true;
      if (this.closed) return;
      this.failAll(slot, new Error(`model worker exited with code ${code}`));
      this.scheduleRespawn(slot);
    });
    worker.unref();
  }

  private scheduleRespawn(slot: Slot): void {
    if (performance.now() - slot.startedAt >= RESPAWN_STABLE_MS) slot.crashes = 0;
    const delay = Math.min(RESPAWN_MAX_MS, RESPAWN_FIRST_MS * 2 ** slot.crashes);
    slot.crashes += 1;
    slot.respawn = setTimeout(() => {
      slot.respawn = undefined;
      if (this.closed) return;
      this.watch(slot, this.startWorker());
      // back in rotation once it holds the reference-year tables, like at start-up
      this.runOn(slot, { method: 'warm' }).then(
        () => {
          if (this.closed) return;
          slot.down = false;
          // its hot code compiled as at start-up (engine.exercise); requests may queue behind it
          this.runOn(slot, { method: 'exercise' }).catch(() => undefined);
        },
        () => undefined, // it died again: its exit schedules the next attempt
      );
    }, delay);
    slot.respawn.unref();
  }

  /**
   * Precomputes every domain's reference-year tables and background fields: one thread
   * computes them into shared memory, the others adopt them; resolves when all hold them.
   */
  async warm(): Promise<void> {
    if (this.closed) throw new ModelUnavailableError('the model is closed');
    const [first, ...others] = this.slots.filter((slot) => !slot.down);
    if (!first) return;
    this.warmed = await this.runOn<WarmTransfer[]>(first, { method: 'warm', share: true });
    await Promise.all(
      others.map((slot) => this.runOn<void>(slot, { method: 'adopt', transfers: this.warmed })),
    );
  }

  /** the same task on every running worker (domain changes, warming); resolves when all are done */
  broadcast(task: Task): Promise<void> {
    if (this.closed) return Promise.reject(new ModelUnavailableError('the model is closed'));
    // a replacement worker started later must hold the same domains
    if (task.method === 'attach') for (const t of task.morphologies) this.attached.set(t.info.id, t);
    if (task.method === 'detach') for (const id of task.domains) this.attached.delete(id);
    if (task.method === 'live') this.live = task.inputs;
    if (task.method === 'reference') this.reference = task.years;
    const running = this.slots.filter((slot) => !slot.down);
    return Promise.all(running.map((slot) => this.runOn<void>(slot, task))).then(() => undefined);
  }

  get size(): number {
    return this.slots.length;
  }

  /** threads running and warm */
  get alive(): number {
    return this.slots.filter((slot) => !slot.down).length;
  }

  /** tasks posted to the workers and not answered yet */
  get pending(): number {
    let total = 0;
    for (const slot of this.slots) total += slot.pending.size;
    return total;
  }

  run<T>(task: Task): Promise<T> {
    if (this.closed) return Promise.reject(new ModelUnavailableError('the model is closed'));
    let slot: Slot | undefined;
    for (const s of this.slots) if (!s.down && (!slot || s.pending.size < slot.pending.size)) slot = s;
    if (!slot) return Promise.reject(new ModelUnavailableError('no model worker is running; restarting'));
    return this.runOn<T>(slot, task);
  }

  /**
   * Fault injection: ends one worker thread the way a crash would (the fault tests use
   * it; there is no other way to kill a single thread from outside).
   */
  async terminateWorker(index: number): Promise<void> {
    await this.slots[index]?.worker.terminate();
  }

  /** Fault injection: the next task worker `index` runs throws, as a bug in the model code would. */
  async injectBug(index: number): Promise<void> {
    const slot = this.slots[index];
    if (slot) await this.runOn<void>(slot, { method: 'injectBug' });
  }

  private runOn<T>(chosen: Slot, task: Task): Promise<T> {
    const id = this.nextId++;
    const worker = chosen.worker;
    return new Promise<T>((resolve, reject) => {
      chosen.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // keep the process alive only while work is outstanding
      worker.ref();
      worker.postMessage({ id, task });
    }).finally(() => {
      if (chosen.pending.size === 0) worker.unref();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) if (s.respawn) clearTimeout(s.respawn);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    for (const s of this.slots) this.failAll(s, new ModelUnavailableError('the model is closed'));
  }

  private failAll(slot: Slot, error: Error): void {
    for (const waiter of slot.pending.values())
      waiter.reject(new ModelUnavailableError(error.message, { cause: error }));
    slot.pending.clear();
  }
}
