import { withCircuitBreaker } from '../adapters/feeds/breaker.ts';
import { DEFAULT_HTTP_POLICY, type HttpPolicy } from '../adapters/feeds/http-get.ts';
import { createIrcelClient } from '../adapters/feeds/ircel.ts';
import { createOpenMeteoAirQualityClient, createOpenMeteoClient } from '../adapters/feeds/open-meteo.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import { createFeedStore } from '../adapters/store/feed-store.ts';
import type { Config } from '../config.ts';
import type { MicroclimateModel } from '../model/microclimate-model.ts';
import type { FeedClient, FeedPoint, FeedStore, ObservationStore } from '../services/live/feeds-port.ts';
import { createLiveData, type LiveData } from '../services/live/live-data.ts';
import { createFeedPoller, type FeedPoller } from '../services/live/poller.ts';
import { createReadingsRetention, type ReadingsRetention } from '../services/live/retention.ts';
import type { Metrics } from '../services/ports/telemetry-port.ts';
import type { FeedReadiness } from '../services/readiness.ts';

/**
 * The live feeds from FEED_* (docs/live-data.md): one client per configured provider
 * behind a circuit breaker, the store on the service's database, the poller and the
 * live data every answer reads. Nothing configured: no client, no poller, and the live
 * data says `synthetic`. The readings are kept FEED_RETENTION_DAYS, pruned by a job of
 * their own (retention.ts); history and the stations read the same store.
 */
export interface LiveFeeds {
  live: LiveData;
  poller: FeedPoller | null;
  /** the readings' store; null without feeds */
  store: (FeedStore & ObservationStore) | null;
  retention: ReadingsRetention | null;
  readiness(): Record<string, FeedReadiness> | undefined;
  start(): void;
  close(): Promise<void>;
}

export function feedClients(config: Readonly<Config>): FeedClient[] {
  const { ircelUrl, openMeteoUrl, openMeteoAqUrl, pollMs } = config.feeds;
  const makers: Array<(http: HttpPolicy) => FeedClient> = [];
  if (ircelUrl) makers.push((http) => createIrcelClient({ root: ircelUrl, http }));
  if (openMeteoUrl) makers.push((http) => createOpenMeteoClient({ host: openMeteoUrl, http }));
  if (openMeteoAqUrl) makers.push((http) => createOpenMeteoAirQualityClient({ host: openMeteoAqUrl, http }));
  return makers.map((make) => {
    const client = make(DEFAULT_HTTP_POLICY);
    // a provider that keeps failing is asked once per poll, without retries; open for half a
    // poll interval, so the next scheduled poll always probes and recovery takes one good poll
    return withCircuitBreaker(client, {
      openMs: (pollMs ?? client.cadenceMs) / 2,
      probe: make({ ...DEFAULT_HTTP_POLICY, retries: 0 }),
    });
  });
}

/** the points the gridded feeds are read at: each model domain's centre (one weather per domain) */
export function domainCentres(model: MicroclimateModel): FeedPoint[] {
  return model.domains().map(({ grid }) => ({
    lat: grid.north - (grid.rows * grid.dLat) / 2,
    lon: grid.west + (grid.cols * grid.dLon) / 2,
  }));
}

export function createLiveFeeds(options: {
  config: Readonly<Config>;
  database: OpenedDatabase;
  model: MicroclimateModel;
  clock: () => number;
  metrics?: Metrics;
  log: { warn(fields: object, message: string): void };
}): LiveFeeds {
  const clients = feedClients(options.config);
  const store = clients.length > 0 ? createFeedStore(options.database.db, options.clock) : null;
  const pollMs = (client: FeedClient) => options.config.feeds.pollMs ?? client.cadenceMs;
  const live = createLiveData({
    store,
    model: options.model,
    feeds: clients.map((c) => ({
      feed: c.feed,
      root: c.root,
      pollMs: pollMs(c),
      normalLagMs: c.normalLagMs,
    })),
    clock: options.clock,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    warn: (error, message) => options.log.warn({ err: error }, message),
  });
  const poller =
    store === null
      ? null
      : createFeedPoller({
          store,
          clients,
          ...(options.config.feeds.pollMs !== undefined ? { pollMs: options.config.feeds.pollMs } : {}),
          points: () => domainCentres(options.model),
          clock: options.clock,
          log: options.log,
          ...(options.metrics ? { metrics: options.metrics } : {}),
          onStored: () => void live.refresh().catch(() => {}),
        });
  const retention =
    store === null
      ? null
      : createReadingsRetention({
          store,
          keepMs: options.config.feeds.retentionDays * 86_400_000,
          clock: options.clock,
          log: options.log,
          ...(options.metrics ? { metrics: options.metrics } : {}),
        });
  return {
    live,
    poller,
    store,
    retention,
    readiness: () => feedReadiness(live),
    start() {
      live.start();
      poller?.start();
      retention?.start();
    },
    async close() {
      live.close();
      await poller?.close();
      await retention?.close();
    },
  };
}

/** each feed's readiness entry: ok when fresh, else degraded with its status and last error */
function feedReadiness(live: LiveData): Record<string, FeedReadiness> | undefined {
  if (!live.configured) return undefined;
  return Object.fromEntries(
    live.view().map((view) => [
      view.feed,
      view.status === 'fresh'
        ? { status: 'ok' as const }
        : {
            status: 'degraded' as const,
            detail:
              `${view.status}: last success ${view.last_success ?? 'never'}${view.last_error ? `; last error ${view.last_error}` : ''}`.slice(
                0,
                300,
              ),
          },
    ]),
  );
}
