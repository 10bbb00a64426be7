import { randomUUID } from 'node:crypto';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { FeedStore, StoreCensus } from './feeds-port.ts';

/**
 * How long the polled readings are kept (FEED_RETENTION_DAYS, default 400: a year and a
 * month of history and station series). Pruning is a job of its own, off the request
 * path and off the polls: every `everyMs` (an hour) one instance — the holder of the
 * `feed-prune` lease — removes the hours that fell out of the window, then counts what
 * the store holds for the metrics (`feed_store_readings`, `feed_store_oldest_age_seconds`).
 */
export interface RetentionDeps {
  store: FeedStore;
  keepMs: number;
  clock?: () => number;
  /** default one hour */
  everyMs?: number;
  log: { warn(fields: object, message: string): void };
  metrics?: Metrics;
}

export interface ReadingsRetention {
  /** the oldest hour an answer may ask for at `nowMs` (what is kept) */
  keptFrom(nowMs: number): number;
  /** prunes and counts now (also run every `everyMs` once started) */
  run(): Promise<{ removed: number; census: StoreCensus[] }>;
  start(): void;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export function createReadingsRetention(deps: RetentionDeps): ReadingsRetention {
  const clock = deps.clock ?? Date.now;
  const everyMs = deps.everyMs ?? HOUR_MS;
  const holder = randomUUID();
  let census: StoreCensus[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const keptFrom = (nowMs: number) => Math.ceil((nowMs - deps.keepMs) / HOUR_MS) * HOUR_MS;

  async function run() {
    const now = clock();
    let removed = 0;
    // several instances on one database: one prunes, every one counts for its metrics
    if (await deps.store.lease('feed-prune', holder, now, now + everyMs + 60_000))
      removed = await deps.store.prune(keptFrom(now));
    census = await deps.store.census();
    return { removed, census };
  }

  if (deps.metrics?.enabled) {
    deps.metrics.sample('feed_store_readings', async () =>
      census.map((c) => [{ feed: c.feed }, c.readings] as const),
    );
    deps.metrics.sample('feed_store_oldest_age_seconds', async () =>
      census.map((c) => [{ feed: c.feed }, Math.max(0, (clock() - c.oldestMs) / 1000)] as const),
    );
  }

  function schedule(delayMs: number): void {
    if (closed) return;
    timer = setTimeout(() => {
      running = run()
        .catch((error) => deps.log.warn({ err: error }, 'feed readings: pruning failed'))
        .finally(() => {
          running = null;
          schedule(everyMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    keptFrom,
    run,
    // the first run soon after the start (not during it: the start-up work comes first)
    start: () => schedule(Math.min(everyMs, 30_000)),
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
