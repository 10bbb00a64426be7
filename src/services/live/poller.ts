import { randomUUID } from 'node:crypto';
import type { FeedId } from '../../domain/live/readings.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { FeedClient, FeedPoint, FeedStore } from './feeds-port.ts';
import { FeedError } from './feeds-port.ts';

/**
 * Polls each configured feed off the request path, every `pollMs` (default the
 * provider's cadence), re-reading a look-back window so late and revised hours arrive,
 * and stores what it read (retention.ts prunes, on a timer of its own). With several instances on one database, a lease per feed in
 * the store lets one instance poll at a time; the others read the same store.
 */
export interface PollerDeps {
  store: FeedStore;
  clients: readonly FeedClient[];
  /** seconds between polls of every feed; undefined: each provider's cadence */
  pollMs?: number;
  /** the gridded points the forecasts are read at (the model's domain centres) */
  points: () => FeedPoint[];
  clock?: () => number;
  log: { warn(fields: object, message: string): void; info?(fields: object, message: string): void };
  metrics?: Metrics;
  /** after a poll stored new values: the live data reloads at once */
  onStored?: () => void;
}

export interface PollOutcome {
  feed: FeedId;
  outcome: 'ok' | FeedError['outcome'] | 'store_error' | 'leased_elsewhere';
  stored: number;
  dropped: number;
  newestValueMs: number | null;
  reason?: string;
}

export interface FeedPoller {
  /** polls every feed once now; `lease` false (the CLI) polls even if an instance holds the lease */
  pollAll(options?: { lease?: boolean }): Promise<PollOutcome[]>;
  start(): void;
  close(): Promise<void>;
  intervalMs(feed: FeedId): number;
}

export function createFeedPoller(deps: PollerDeps): FeedPoller {
  const clock = deps.clock ?? Date.now;
  const holder = randomUUID();
  const timers = new Map<FeedId, NodeJS.Timeout>();
  let closed = false;
  const running = new Set<Promise<unknown>>();
  const intervalMs = (client: FeedClient) => deps.pollMs ?? client.cadenceMs;

  async function poll(client: FeedClient, useLease: boolean): Promise<PollOutcome> {
    const now = clock();
    const base = { feed: client.feed, stored: 0, dropped: 0, newestValueMs: null };
    if (useLease) {
      const every = intervalMs(client);
      const held = await deps.store.lease(
        `feed-poll:${client.feed}`,
        holder,
        now,
        now + every + Math.max(5_000, every / 2),
      );
      if (!held) return { ...base, outcome: 'leased_elsewhere' };
    }
    let outcome: PollOutcome;
    try {
      const read = await client.read(now, deps.points());
      await deps.store.save(read.readings);
      if (read.sites) await deps.store.saveSites(read.sites);
      // observations: the newest measured hour; forecasts: the furthest hour they reach
      let newest: number | null = null;
      for (const r of read.readings)
        if ((client.normalLagMs === 0 || r.hourMs <= now) && (newest === null || r.hourMs > newest))
          newest = r.hourMs;
      await deps.store.recordAttempt(client.feed, clock(), { newestValueMs: newest });
      outcome = {
        ...base,
        outcome: 'ok',
        stored: read.readings.length,
        dropped: read.dropped,
        newestValueMs: newest,
      };
      if (read.readings.length > 0) deps.onStored?.();
    } catch (error) {
      const kind = error instanceof FeedError ? error.outcome : 'store_error';
      const reason = error instanceof Error ? error.message : String(error);
      outcome = { ...base, outcome: kind, reason };
      // one line per failed poll, with the feed and the reason (no URL query, no key)
      deps.log.warn(
        { feed: client.feed, outcome: kind, reason },
        `feed poll failed: ${client.feed}: ${reason}`,
      );
      if (kind !== 'store_error')
        await deps.store.recordAttempt(client.feed, clock(), { error: `${kind}: ${reason}` }).catch(() => {});
    }
    deps.metrics?.count('feed_fetch_total', { feed: client.feed, outcome: outcome.outcome });
    return outcome;
  }

  function schedule(client: FeedClient, delayMs: number): void {
    if (closed) return;
    const timer = setTimeout(() => {
      const work = poll(client, true)
        .catch((error) => deps.log.warn({ feed: client.feed, err: error }, 'feed poll failed'))
        .finally(() => {
          running.delete(work);
          schedule(client, intervalMs(client));
        });
      running.add(work);
    }, delayMs);
    timer.unref();
    timers.set(client.feed, timer);
  }

  return {
    pollAll: (options = {}) => Promise.all(deps.clients.map((c) => poll(c, options.lease ?? true))),
    start() {
      // first polls at once, spread by a little so several feeds do not start in one turn
      for (const [index, client] of deps.clients.entries()) schedule(client, 200 * index);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
    intervalMs(feed) {
      const client = deps.clients.find((c) => c.feed === feed);
      return client ? intervalMs(client) : 0;
    },
  };
}
