import { BoundedMap } from '../../../domain/collections/bounded-map.ts';
import { ModelTimeoutError } from '../../../domain/errors/failures.ts';

/**
 * Deadlines and resumable work. A call past its deadline rejects with
 * ModelTimeoutError while the work carries on; when it finishes, its result is kept
 * for a while under the call's key (workKey + arguments), so an identical later call
 * collects it instead of starting again. Identical calls in flight share one run.
 */
const KEEP_MS = 15 * 60_000;
const KEEP_MAX = 256;

export class WorkRegistry {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly finished = new BoundedMap<string, { value: unknown; until: number }>(KEEP_MAX);

  constructor(private readonly now: () => number = () => performance.now()) {}

  run<T>(
    key: string | undefined,
    workKey: string | undefined,
    deadlineMs: number | undefined,
    start: () => Promise<T>,
  ): Promise<T> {
    let work: Promise<T>;
    if (key === undefined) work = start();
    else {
      const kept = this.finished.get(key);
      if (kept && kept.until > this.now()) return Promise.resolve(kept.value as T);
      const running = this.inflight.get(key) as Promise<T> | undefined;
      work = running ?? this.track(key, start());
    }
    // the work may outlive every caller: never let its failure go unhandled
    work.catch(() => undefined);
    if (deadlineMs === undefined || !Number.isFinite(deadlineMs)) return work;
    // a deadline already spent rejects now, whatever the thread's speed: a timer of 0 ms
    // races the answer of a thread that was quicker than the loop's next timer phase
    if (deadlineMs <= 0) return Promise.reject(new ModelTimeoutError(workKey));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ModelTimeoutError(workKey)), deadlineMs);
      work.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  private track<T>(key: string, work: Promise<T>): Promise<T> {
    this.inflight.set(key, work);
    work.then(
      (value) => {
        this.inflight.delete(key);
        this.finished.set(key, { value, until: this.now() + KEEP_MS });
        this.prune();
      },
      () => this.inflight.delete(key),
    );
    return work;
  }

  private prune(): void {
    const now = this.now();
    for (const [k, v] of this.finished) if (v.until <= now) this.finished.delete(k);
  }
}
