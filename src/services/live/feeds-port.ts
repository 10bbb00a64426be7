import type { FeedState } from '../../domain/live/provenance.ts';
import type { FeedId, FeedSite, Reading } from '../../domain/live/readings.ts';

/**
 * The live feeds as the services see them: a client per provider that reads a look-back
 * window and answers normalised, range-checked readings, and the durable store they go
 * to. Implementations: src/adapters/feeds/*.ts (HTTP), src/adapters/store/feed-store.ts.
 */
export type FeedOutcome =
  | 'ok'
  | 'http_error'
  | 'timeout'
  | 'rate_limited'
  | 'invalid_body'
  | 'network'
  | 'circuit_open';

/** a poll that read nothing usable, with the reason an operator reads in the log */
export class FeedError extends Error {
  constructor(
    readonly outcome: Exclude<FeedOutcome, 'ok'>,
    message: string,
    /** a 429's Retry-After, when the provider said how long to wait */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface FeedPoint {
  lat: number;
  lon: number;
}

export interface FeedRead {
  readings: Reading[];
  /** values dropped as missing or implausible (their neighbours are kept) */
  dropped: number;
  /** the measuring sites the provider listed (stations), when it lists them */
  sites?: FeedSite[];
}

export interface FeedClient {
  readonly feed: FeedId;
  /** the configured root or host (shown by `feeds status`; public URLs, no key) */
  readonly root: string;
  /** how often the provider publishes: the default poll interval */
  readonly cadenceMs: number;
  /** how far behind now its newest value normally is (observations) */
  readonly normalLagMs: number;
  /** reads the window around `nowMs`; throws FeedError when nothing usable came back */
  read(nowMs: number, points: readonly FeedPoint[]): Promise<FeedRead>;
}

export interface FeedStore {
  /** stores plausible readings (insert or revise); never called with missing values */
  save(readings: readonly Reading[]): Promise<void>;
  /** stores the sites a provider listed (name, position, quantities replace the old) */
  saveSites(sites: readonly FeedSite[]): Promise<void>;
  /** readings of every feed whose hour lies in [fromMs, toMs] */
  readings(fromMs: number, toMs: number): Promise<Reading[]>;
  states(): Promise<FeedState[]>;
  recordAttempt(
    feed: FeedId,
    atMs: number,
    outcome: { error: string } | { newestValueMs: number | null },
  ): Promise<void>;
  /**
   * takes or renews the poll lease `name` for `holder` until `untilMs`; true when held:
   * with several instances on one database, one polls at a time
   */
  lease(name: string, holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  /**
   * readings whose hour is before `beforeMs` are removed (the store keeps a bounded past,
   * FEED_RETENTION_DAYS), a slice at a time; answers how many went
   */
  prune(beforeMs: number): Promise<number>;
  /** per feed, the readings held and the hours they span (the store-size metrics) */
  census(): Promise<StoreCensus[]>;
}

export interface StoreCensus {
  feed: FeedId;
  readings: number;
  oldestMs: number;
  newestMs: number;
}

/**
 * What the history and the stations read of the same store (services/live/stations.ts,
 * services/data/history.ts): the sites, and one site's readings over a range.
 */
export interface ObservationStore {
  sites(feed: FeedId): Promise<FeedSite[]>;
  /** one site's readings whose hour lies in [fromMs, toMs], ascending by hour */
  siteReadings(feed: FeedId, site: string, fromMs: number, toMs: number): Promise<Reading[]>;
  /** readings of every feed whose hour lies in [fromMs, toMs] */
  readings(fromMs: number, toMs: number): Promise<Reading[]>;
  /** per feed with readings in [fromMs, toMs], its newest hour there */
  newestWithin(fromMs: number, toMs: number): Promise<Map<FeedId, number>>;
}
