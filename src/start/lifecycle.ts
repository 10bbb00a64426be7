import type { FastifyInstance } from 'fastify';
import { withinDeadline } from '../domain/errors/deadline.ts';
import { watchCities } from '../services/city-catalog.ts';
import type { Composition } from './composition.ts';
import type { Foundation } from './foundation.ts';
import {
  type CloseStep,
  closeInPhases,
  type NotClosedCleanly,
  notClosedCleanlyLine,
  shutdownDeadlines,
} from './shutdown.ts';
import { type StartUpWork, startUpWork } from './start-up-work.ts';
import { registerStorageGauges } from './storage-gauges.ts';
import type { AlertParts } from './wire-alerts.ts';
import type { Caches } from './wire-caches.ts';
import type { Feeds } from './wire-feeds.ts';
import type { MapParts } from './wire-map.ts';
import type { CitiesAndModel } from './wire-model.ts';
import type { ReportParts } from './wire-reports.ts';
import type { Statistics } from './wire-statistics.ts';

export interface RunningParts {
  app: FastifyInstance;
  city: CitiesAndModel;
  caches: Caches;
  statistics: Statistics;
  feeds: Feeds;
  mapParts: MapParts;
  reportParts: ReportParts;
  alertParts: AlertParts;
}

/**
 * The composition's life: `start()` sets off the city watcher, the feeds, the report
 * worker and the start-up work; `shutdown()` drains the requests, then closes in phases.
 */
export function lifecycle(foundation: Foundation, parts: RunningParts): Composition {
  const { stores, closers } = foundation;
  const state: LifeState = {
    started: false,
    closing: false,
    metricsPort: null,
    background: null,
    shutdown: null,
  };
  let cityWatcher: ReturnType<typeof watchCities> | undefined;
  closers.working.push(
    { name: 'city watcher', dependency: 'database', close: async () => cityWatcher?.close() },
    { name: 'start-up work', dependency: 'model', close: async () => state.background?.stop() },
  );
  const composition: Composition = {
    app: parts.app,
    database: stores.database,
    keys: stores.keys,
    counters: stores.counters,
    get metricsPort() {
      return state.metricsPort;
    },
    async start() {
      if (state.started) return;
      state.started = true;
      cityWatcher = await startParts(foundation, parts, state);
    },
    warmedUp: (limitMs) => settledWithin(state.background?.warmUp ?? Promise.resolve(), limitMs),
    startupSettled: (limitMs) => settledWithin(state.background?.settled ?? Promise.resolve(), limitMs),
    shutdown(signalAt = Date.now()) {
      state.shutdown ??= shutdownParts(foundation, parts.app, signalAt, state);
      return state.shutdown;
    },
    async close() {
      await composition.shutdown();
    },
  };
  return composition;
}

interface LifeState {
  started: boolean;
  closing: boolean;
  metricsPort: number | null;
  background: StartUpWork | null;
  shutdown: Promise<NotClosedCleanly[]> | null;
}

async function startParts(foundation: Foundation, parts: RunningParts, state: LifeState) {
  const { config, overrides, clock, stores, telemetry, observability } = foundation;
  const { app, city, feeds, reportParts } = parts;
  // imported or changed city packages reach the running model (docs/cities.md)
  const cityWatcher = watchCities(city.sources, city.cityDomains, city.cities, {
    intervalMs: config.citiesPollMs,
    // a request that found a removed city listed calls the model within its deadline
    retireAfterMs: config.computeDeadlineMs + 5_000,
    publish: (definitions) => city.liveCities.replace(definitions),
  });
  feeds.liveFeeds.start();
  // a backfilled year in the database is the reference year before the first request
  await feeds.referenceYears
    .refresh()
    .catch((error) => app.log.warn({ err: error }, 'reference years: not loaded'));
  feeds.referenceYears.start();
  await reportParts.reports.start();
  parts.alertParts.start();
  registerStorageGauges(telemetry.metrics, stores);
  state.metricsPort = await observability.listen();
  if (overrides.startUpWork === false) return cityWatcher;
  state.background = startUpWork({
    warmCatalog: () => parts.mapParts.map.catalog.warm(),
    statistics: parts.statistics.statistics,
    rawModel: city.rawModel,
    rawStatisticsPool: parts.statistics.rawStatisticsPool,
    durableCache: parts.caches.durableCache,
    pdf: reportParts.pdf,
    cities: city.currentCities,
    warmReports: config.reportsWarmAtStart ? () => reportParts.reports.warmUp() : undefined,
    clock,
    warn: (error, message, domain) => app.log.warn({ err: error, ...(domain ? { domain } : {}) }, message),
    closing: () => state.closing,
  });
  return cityWatcher;
}

function shutdownParts(
  { config, closers, stores, observability }: Foundation,
  app: FastifyInstance,
  signalAt: number,
  state: LifeState,
): Promise<NotClosedCleanly[]> {
  state.closing = true;
  const { drainAt, closedBy } = shutdownDeadlines(signalAt, config.drainMs);
  return closeInPhases(
    [
      { steps: [drainRequests(app, drainAt)], runsUntilAtLeast: drainAt },
      { steps: closers.working },
      // nothing uses the threads or the stores any more: they close together
      { steps: [...closers.computing, ...stores.closeSteps()] },
      // last: the spans of the shutdown still get exported
      {
        steps: [
          {
            name: 'telemetry',
            dependency: config.otlpEndpoint ? 'telemetry exporter' : 'metrics listener',
            close: () => observability.close(),
          },
        ],
      },
    ],
    closedBy,
  ).then((unclean) => {
    if (unclean.length > 0) {
      const line = notClosedCleanlyLine(unclean);
      app.log.warn(line.fields, line.message);
    }
    return unclean;
  });
}

/**
 * Stops accepting; the requests in flight may finish until `drainAt`, then the
 * connections still open are closed (a client holding a half-sent request cannot hold
 * the shutdown).
 */
function drainRequests(app: FastifyInstance, drainAt: number): CloseStep {
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'http server',
    dependency: 'clients',
    async close() {
      timer = setTimeout(
        () => {
          app.log.warn('drain deadline passed: closing the connections still open');
          app.server.closeAllConnections();
        },
        Math.max(0, drainAt - Date.now()),
      );
      timer.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
      }
    },
    abandon: () => app.server.closeAllConnections(),
  };
}

/** Waits for `work` (its outcome ignored) or `limitMs`, whichever comes first. */
async function settledWithin(work: Promise<unknown>, limitMs: number): Promise<void> {
  await withinDeadline(
    work.catch(() => {}),
    limitMs,
    () => {},
  );
}
