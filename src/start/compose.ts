import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createBasemapThread } from '../adapters/basemap/thread.ts';
import { createMemoryCache } from '../adapters/cache/memory.ts';
import { createRedisCache } from '../adapters/cache/redis.ts';
import { createSqlCache } from '../adapters/cache/sql.ts';
import { embeddedCitySpecs } from '../adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../adapters/cities/national-climate.ts';
import { citySources } from '../adapters/cities/sources.ts';
import { createFaultLog, type FaultLog } from '../adapters/faults/fault-log.ts';
import { databaseProbe, diskProbe, modelProbe, redisProbe } from '../adapters/faults/probes.ts';
import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { loadReportFonts } from '../adapters/pdf/font.ts';
import { createThreadedPdfRenderer } from '../adapters/pdf/pdf-thread.ts';
import { createInProcessQueue } from '../adapters/queue/in-process.ts';
import type { RevocationChannel } from '../adapters/redis/revocations.ts';
import { loadSigningSecrets } from '../adapters/signing-secret.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import type { KeyRepository } from '../adapters/store/keys.ts';
import { createReferenceStore } from '../adapters/store/reference-store.ts';
import { createReportJobStore } from '../adapters/store/report-jobs.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { createTelemetry } from '../adapters/telemetry/index.ts';
import { instrumentModel, instrumentStatisticsPool } from '../adapters/telemetry/model.ts';
import { createStatisticsPool } from '../adapters/threads/statistics-pool.ts';
import type { Config } from '../config.ts';
import { unpackPackageFilesAsync } from '../domain/coverage/city-package/archive.ts';
import { withinDeadline } from '../domain/errors/deadline.ts';
import { NATIONAL_DOMAIN } from '../domain/grid/model-data.ts';
import { typicalYearPeriod } from '../domain/live/typical-year-period.ts';
import { buildApp } from '../http/app.ts';
import { dataRoutes } from '../http/routes/data/index.ts';
import { geocodeRoutes } from '../http/routes/geocode/geocode.ts';
import { mapRoutes, registerMapAssets } from '../http/routes/map/index.ts';
import { reportRoutes } from '../http/routes/reports/index.ts';
import { createEmbeddedModel } from '../model/embedded/index.ts';
import type { MicroclimateModel } from '../model/microclimate-model.ts';
import { loadCities, watchCities } from '../services/city-catalog.ts';
import type { CityDomainSpec, ModelCityDomains } from '../services/city-domains-port.ts';
import { createHistoricalService } from '../services/data/historical.ts';
import { createRecordsService } from '../services/data/records.ts';
import type { ResolveAddress } from '../services/data/resolve-location.ts';
import { createStatisticsEngine } from '../services/data/statistics-engine.ts';
import { createGeocodeService } from '../services/geocode.ts';
import { createKeyAuthenticator, keyActivity } from '../services/key-authenticator.ts';
import { createKeyVerifier } from '../services/key-verifier.ts';
import { createReferenceYears } from '../services/live/reference-years.ts';
import { LiveCities } from '../services/live-cities.ts';
import { createBasemapService } from '../services/map/basemap-service.ts';
import { createMapServices } from '../services/map/index.ts';
import type { Counters } from '../services/ports/counters-port.ts';
import { createReadiness } from '../services/readiness.ts';
import { pdfReadiness } from '../services/reports/pdf-readiness.ts';
import type { PdfRenderer } from '../services/reports/pdf-renderer-port.ts';
import { createReportService } from '../services/reports/service.ts';
import { createSiteMapProvider } from '../services/reports/site-map.ts';
import { createLiveFeeds } from './live-feeds.ts';
import { createProcessLogger } from './logger.ts';
import {
  type CloseStep,
  closeInPhases,
  type NotClosedCleanly,
  notClosedCleanlyLine,
  shutdownDeadlines,
} from './shutdown.ts';
import { type StartUpWork, startUpWork } from './start-up-work.ts';
import { registerStorageGauges } from './storage-gauges.ts';
import { openStores } from './stores.ts';

/** Report job leases: short, renewed by heartbeat, so a dead worker's job is resumed within seconds. */
export const REPORT_LEASE = { leaseMs: 6000, sweepMs: 3000 };

/**
 * How long the server holds its port closed for the start-up warm-up (`warmedUp`):
 * seconds on the very first start, milliseconds on a restart.
 */
export const WARM_UP_LIMIT_MS = 10_000;

/** The service's version, from package.json (the API major version is the /v1 prefix). */
export function serviceVersion(): string {
  const pkg = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url).pathname.replace('/dist/', '/'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}

/**
 * Everything the process holds open, built once from the parsed config. Building starts
 * nothing: `start()` starts the report worker, the catalog warm-up and the statistics
 * prefetch (the server calls it before listening; tests call it when they need them).
 */
export interface Composition {
  app: FastifyInstance;
  database: OpenedDatabase;
  keys: KeyRepository;
  counters: Counters;
  /** the port of the metrics listener (METRICS_PORT, or the one chosen for 0); null when off or not started */
  readonly metricsPort: number | null;
  start(): Promise<void>;
  /**
   * settles when the start-up warm-up (the map's value ranges of the current hours, the
   * statistics' references) is done or `limitMs` has passed, whichever is first: the
   * server waits for it before listening, so its first catalog and first statistics do
   * not wait on seconds of model work (ranges and references are durable, so a restart
   * finds them at once)
   */
  warmedUp(limitMs: number): Promise<void>;
  /**
   * settles when all the work `start()` sets off has finished (the warm-up, then the PDF
   * thread's loading of the browser library) or `limitMs` has passed: benchmarks measure
   * a server that has stopped using CPU for its start
   */
  startupSettled(limitMs: number): Promise<void>;
  /**
   * Drains and closes everything within the drain deadline (config.drainMs) plus
   * CLOSE_GRACE_MS from `signalAt` (shutdown.ts). Resolves, never throws: with what
   * could not be closed cleanly, which it also logs as one line.
   */
  shutdown(signalAt?: number): Promise<NotClosedCleanly[]>;
  /** `shutdown()` now, for tests and benchmarks */
  close(): Promise<void>;
}

/** What a test or a benchmark swaps; everything else comes from the config. */
export interface ComposeOverrides {
  clock?: () => number;
  /** quiet logs in tests */
  logger?: boolean;
  /** where the logs (the process's and the requests') write, also with `logger: false`; stdout by default (tests) */
  logDestination?: DestinationStream;
  /** the compute back end (default: the embedded model in MODEL_DIR); closed with the composition */
  model?: MicroclimateModel;
  /** the report PDF renderer (default: Chromium) */
  pdf?: PdfRenderer;
  /** the fault log the process-level handlers already write to (server.ts) */
  faults?: FaultLog;
  /**
   * false: `start()` sets off no start-up work (catalog and references warm-up, thread
   * exercises, PDF check), for tests of other things: it is seconds of CPU per started
   * service, which a suite starting dozens of them on two cores pays in wall time. A
   * server always does it; the tests of the warm-up itself keep it.
   */
  startUpWork?: boolean;
}

/** The composition root: adapters from config, services from adapters, the app from services. */
export async function compose(
  config: Readonly<Config>,
  overrides: ComposeOverrides = {},
): Promise<Composition> {
  const clock = overrides.clock ?? Date.now;
  // one of several HTTP processes on one port (WORKERS > 1, start/cluster.ts)
  const clusterWorker = cluster.isWorker;
  const observability = await createTelemetry({ ...config, serviceVersion: serviceVersion(), clusterWorker });
  const { telemetry } = observability;
  const { metrics } = telemetry;
  const log = createProcessLogger(config, {
    silent: overrides.logger === false,
    destination: overrides.logDestination,
  });
  const faults = overrides.faults ?? createFaultLog({ level: config.logLevel });
  const stores = await openStores(config, clock, faults, telemetry);
  // what shutdown() closes after the requests (shutdown.ts): first what uses the stores
  // and the threads, then the threads, together with the stores
  const working: CloseStep[] = [];
  const computing: CloseStep[] = [];
  let revocations: RevocationChannel | null = null;
  const authenticator = createKeyAuthenticator(stores.keys, {
    clock,
    onRevokedSeen: (keyId) => revocations?.announce(keyId),
    onCache: cacheProbe('keys', metrics),
  });
  if (stores.redis && config.redisUrl) {
    // scale-out: a revocation reaches every instance's key cache at once
    const { openRevocationChannel } = await import('../adapters/redis/revocations.ts');
    revocations = openRevocationChannel({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      publisher: stores.redis,
      faults,
      onRevoked: (keyId) => authenticator.forget(keyId),
      onResync: () => authenticator.forgetAll(),
    });
    const channel = revocations;
    working.push({
      name: 'revocation subscriber',
      dependency: 'redis',
      close: () => channel.close(),
      abandon: () => channel.abandon(),
    });
  }
  // cities are data: the shipped packages plus the imported ones (docs/cities.md)
  const embedded = loadEmbeddedCities();
  const sources = citySources(stores.database.db, embedded, await embeddedCitySpecs(embedded));
  const cities = await loadCities(sources);
  // the registry every request reads: this holder is its one mutable place; the watcher
  // swaps in a new registry on an import or removal
  const liveCities = new LiveCities(cities.definitions);
  const currentCities = liveCities.current;
  const nationalClimate = loadNationalClimate();
  const rawModel =
    overrides.model ??
    (await createEmbeddedModel({
      dataDir: config.modelDir,
      workers: config.modelWorkers,
      cities: cities.specs,
      climate: nationalClimate,
    }));
  // every model path (services, feeds, reference years, city watcher) goes through its
  // timing and tracing wrapper (a no-op when off); only the start-up work uses the raw one
  const model = instrumentModel(rawModel, telemetry);
  computing.push({ name: 'model threads', dependency: 'model', close: () => model.close() });
  let cityWatcher: ReturnType<typeof watchCities> | undefined;
  working.push({ name: 'city watcher', dependency: 'database', close: async () => cityWatcher?.close() });
  // live data (FEED_*): polls off the request path, every answer reads the store's values
  const liveFeeds = createLiveFeeds({
    config,
    database: stores.database,
    model,
    clock,
    metrics,
    log: log.child({ component: 'feeds' }),
  });
  working.push({ name: 'feed poller', dependency: 'feeds', close: () => liveFeeds.close() });
  // backfilled reference years (`svc feeds backfill`): polled, handed to the model's observation input
  const referenceYears = createReferenceYears({
    store: createReferenceStore(stores.database.db),
    model,
    refreshMs: config.citiesPollMs,
    warn: (error, message) => log.warn({ err: error }, message),
    // the new year's references (the statistics compare against them) before requests ask
    onChanged: (domains) => {
      for (const domain of domains)
        if (model.domains().some((d) => d.id === domain))
          statistics
            .references(domain)
            .catch((error) => log.warn({ err: error, domain }, 'references failed'));
    },
  });
  working.push({
    name: 'reference years',
    dependency: 'database',
    close: async () => referenceYears.close(),
  });
  const durableCache = createSqlCache(stores.database.db, clock);
  // short caches: Redis when instances share them; the durable cache when this is one of
  // several processes (one process's model work then serves the others); else memory
  const shortCache = stores.redis
    ? createRedisCache(stores.redis, `${config.redisPrefix}cache:`, faults)
    : clusterWorker
      ? durableCache
      : createMemoryCache({ clock });
  const sharedShortCache = stores.redis !== null || clusterWorker;
  const geocoder = await openConfiguredGeocoder(config.geocoder, stores.database);
  const geocoding = createGeocodeService(geocoder, currentCities, {
    clock,
    onCache: cacheProbe('geocoder', metrics),
  });
  computing.push({
    name: 'geocoder',
    dependency: config.geocoder.kind === 'photon' ? 'geocoder' : 'database',
    close: () => geocoding.close(),
  });
  const resolveAddress: ResolveAddress = (address) => geocoding.resolveAddress(address);

  const rawStatisticsPool = createStatisticsPool(config.modelWorkers);
  const statisticsPool = instrumentStatisticsPool(rawStatisticsPool, telemetry);
  computing.push({ name: 'statistics threads', dependency: 'model', close: () => statisticsPool.close() });
  const statistics = createStatisticsEngine({
    model,
    cities: currentCities,
    cache: durableCache,
    pool: statisticsPool,
  });
  // the city packages the model holds now: the start-up set, then as the watcher changes it
  let citySpecs: readonly CityDomainSpec[] = cities.specs;
  const historical = createHistoricalService({
    model,
    cities: currentCities,
    cache: durableCache,
    statistics,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
    metrics,
    referenceSources: (domain) => referenceYears.sources(domain),
    // the model knows its domains' weather (the nationwide one too); else the live city list
    referenceWeather: (domain) =>
      model.referenceWeather?.(domain) ??
      (citySpecs.find((spec) => spec.id === domain)?.referenceWeatherEpw ? 'epw' : 'synthetic'),
    referencePeriod: (domain) =>
      typicalYearPeriod(
        domain === NATIONAL_DOMAIN
          ? nationalClimate.referenceWeatherEpw
          : citySpecs.find((spec) => spec.id === domain)?.referenceWeatherEpw,
      ),
  });
  const records = createRecordsService({
    model,
    cities: currentCities,
    cache: shortCache,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
    metrics,
    live: liveFeeds.live,
  });
  const secrets = await loadSigningSecrets({
    dataDir: config.dataDir,
    configured: config.tileSigningSecrets,
  });
  const map = createMapServices({
    model,
    cities: currentCities,
    secrets,
    now: clock,
    isKeyActive: keyActivity(authenticator, clock),
    cacheProbes: { catalog: cacheProbe('catalog', metrics), tiles: cacheProbe('tiles', metrics) },
    // scale-out: one catalog assembly serves every instance for its 60 s
    ...(sharedShortCache ? { sharedCache: shortCache } : {}),
    durableCache,
    publicBaseUrl: config.publicBaseUrl,
    liveCredits: () => liveFeeds.live.attributions(),
    // without FEED_* the catalog says the weather is generated, as the data answers do
    ...(liveFeeds.live.configured ? { live: liveFeeds.live } : {}),
  });
  // the basemap reads the city packages the model was handed, as the watcher changes them
  const basemapThread = createBasemapThread();
  computing.push({ name: 'basemap thread', dependency: 'basemap', close: () => basemapThread.close() });
  const packageOf = (id: string) => {
    const spec = citySpecs.find((s) => s.id === id);
    if (!spec) return undefined;
    // an imported package comes packed (the store's archive): gunzipped on zlib's pool
    const files =
      spec.packageFiles ??
      (spec.packageArchive ? async () => unpackPackageFilesAsync(await spec.packageArchive!()) : undefined);
    return files ? { id, revision: spec.revision, files } : undefined;
  };
  const basemap = createBasemapService({
    cutter: basemapThread,
    cities: currentCities,
    packageOf,
    publicBaseUrl: config.publicBaseUrl,
    onCache: cacheProbe('basemap', metrics),
  });
  // the watcher hands the model its city domains; the basemap reads the same list after it
  const cityDomains: ModelCityDomains = {
    async setCities(specs) {
      await model.setCities(specs);
      citySpecs = specs;
    },
  };
  const pdf = overrides.pdf ?? createThreadedPdfRenderer({ executablePath: config.chromiumPath });
  const reports = createReportService({
    store: createReportJobStore(stores.database.db),
    // REDIS_URL: one queue shared by every instance (BullMQ); else this process's FIFO
    queue: config.redisUrl
      ? (await import('../adapters/queue/bullmq.ts')).createBullmqQueue({
          redisUrl: config.redisUrl,
          prefix: `${config.redisPrefix}bull`,
          concurrency: 2,
          faults,
          logger: log.child({ component: 'queue' }),
        })
      : createInProcessQueue({ concurrency: 2 }),
    counters: stores.quotas,
    pdf,
    cities: currentCities,
    // the historical statistics implement the reports' port (services/reports/statistics-port.ts)
    statistics: historical,
    resolveAddress: (address, lang) => geocoding.resolveAddress(address, lang),
    reverseLabel: (lat, lon, lang) => geocoding.reverseLabel(lat, lon, lang),
    fonts: loadReportFonts(),
    // the location map's streets: the basemap's roads of the same packages
    siteMap: createSiteMapProvider(model, currentCities, nationalClimate.timeZone, packageOf),
    liveCredits: () => liveFeeds.live.attributions(),
    clock,
    logger: log.child({ component: 'reports' }),
    telemetry,
    // a dead instance's job moves on within lease + sweep (≈ 9 s); live workers renew every 2 s
    leaseMs: REPORT_LEASE.leaseMs,
    sweepIntervalMs: REPORT_LEASE.sweepMs,
  });
  // the report worker hands its running job back, so before the stores close
  working.push({
    name: 'report queue',
    dependency: config.redisUrl ? 'redis' : 'report worker',
    close: () => reports.close(),
    abandon: () => reports.abandon(),
  });
  computing.push({ name: 'pdf renderer', dependency: 'chromium', close: () => pdf.close() });
  const readiness = createReadiness(
    [
      databaseProbe(stores.database.db),
      ...(stores.redis ? [redisProbe(stores.redis)] : []),
      modelProbe(model),
      diskProbe(config.dataDir),
    ],
    { feeds: () => liveFeeds.readiness(), reports: pdfReadiness(pdf) },
  );
  const app = await buildApp({
    readiness,
    config,
    cities: currentCities,
    clock,
    verifier: createKeyVerifier({ authenticator, counters: stores.counters, clock }),
    version: serviceVersion(),
    telemetry,
    // every product feature's routes, each built the same way from its services
    features: [
      dataRoutes({ historical, records }),
      mapRoutes({ ...map, basemap, cities: currentCities }),
      reportRoutes(reports),
      geocodeRoutes(geocoding),
    ],
    failures: faults,
    liveCredits: () => liveFeeds.live.attributions(),
    referenceYearOf: (cityId) => referenceYears.current().years.find((y) => y.domain === cityId)?.year,
    ...(overrides.logDestination
      ? { logStream: overrides.logDestination }
      : overrides.logger === false
        ? { logger: false }
        : {}),
  });
  faults.bind(app.log);
  await app.register(registerMapAssets);
  // city refresh problems go to the service's log (no coordinates, only ids and reasons)
  sources.log = (message, error) => app.log.warn({ err: error }, message);
  let started = false;
  let closing = false;
  let metricsPort: number | null = null;
  let background: StartUpWork | null = null;
  working.push({ name: 'start-up work', dependency: 'model', close: async () => background?.stop() });
  let shutdown: Promise<NotClosedCleanly[]> | null = null;
  const composition: Composition = {
    app,
    database: stores.database,
    keys: stores.keys,
    counters: stores.counters,
    get metricsPort() {
      return metricsPort;
    },
    async start() {
      if (started) return;
      started = true;
      // imported or changed city packages reach the running model (docs/cities.md)
      cityWatcher = watchCities(sources, cityDomains, cities, {
        intervalMs: config.citiesPollMs,
        // a request that found a removed city listed calls the model within its deadline
        retireAfterMs: config.computeDeadlineMs + 5_000,
        publish: (definitions) => liveCities.replace(definitions),
      });
      liveFeeds.start();
      // a backfilled year in the database is the reference year before the first request
      await referenceYears
        .refresh()
        .catch((error) => app.log.warn({ err: error }, 'reference years: not loaded'));
      referenceYears.start();
      await reports.start();
      registerStorageGauges(metrics, stores);
      metricsPort = await observability.listen();
      if (overrides.startUpWork === false) return;
      background = startUpWork({
        warmCatalog: () => map.catalog.warm(),
        statistics,
        rawModel,
        rawStatisticsPool,
        durableCache,
        pdf,
        cities: currentCities,
        warmReports: config.reportsWarmAtStart ? () => reports.warmUp() : undefined,
        clock,
        warn: (error, message, domain) =>
          app.log.warn({ err: error, ...(domain ? { domain } : {}) }, message),
        closing: () => closing,
      });
    },
    warmedUp: (limitMs) => settledWithin(background?.warmUp ?? Promise.resolve(), limitMs),
    startupSettled: (limitMs) => settledWithin(background?.settled ?? Promise.resolve(), limitMs),
    shutdown(signalAt = Date.now()) {
      if (shutdown) return shutdown;
      closing = true;
      const { drainAt, closedBy } = shutdownDeadlines(signalAt, config.drainMs);
      shutdown = closeInPhases(
        [
          { steps: [drainRequests(app, drainAt)], runsUntilAtLeast: drainAt },
          { steps: working },
          // nothing uses the threads or the stores any more: they close together
          { steps: [...computing, ...stores.closeSteps()] },
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
      return shutdown;
    },
    async close() {
      await composition.shutdown();
    },
  };
  return composition;
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
