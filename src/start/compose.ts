import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { createMemoryCache } from '../adapters/cache/memory.ts';
import { createRedisCache } from '../adapters/cache/redis.ts';
import { createSqlCache } from '../adapters/cache/sql.ts';
import { embeddedCitySpecs } from '../adapters/cities/embedded.ts';
import { citySources } from '../adapters/cities/sources.ts';
import type { Counters } from '../adapters/counters/port.ts';
import { createFaultLog, type FaultLog } from '../adapters/faults/fault-log.ts';
import { databaseProbe, diskProbe, modelProbe, redisProbe } from '../adapters/faults/probes.ts';
import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { loadReportFonts } from '../adapters/pdf/font.ts';
import { createThreadedPdfRenderer } from '../adapters/pdf/pdf-thread.ts';
import type { PdfRenderer } from '../adapters/pdf/port.ts';
import { createInProcessQueue } from '../adapters/queue/in-process.ts';
import type { RevocationChannel } from '../adapters/redis/revocations.ts';
import { loadSigningSecrets } from '../adapters/signing-secret.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import type { KeyRepository } from '../adapters/store/keys.ts';
import { createReportJobStore } from '../adapters/store/report-jobs.ts';
import { cacheProbe } from '../adapters/telemetry/cache.ts';
import { createTelemetry } from '../adapters/telemetry/index.ts';
import { instrumentModel, instrumentStatisticsPool } from '../adapters/telemetry/model.ts';
import { createStatisticsPool } from '../adapters/threads/statistics-pool.ts';
import type { Config } from '../config.ts';
import { replaceCities } from '../domain/coverage/cities.ts';
import { loadEmbeddedCities } from '../domain/coverage/embedded-cities.ts';
import { withinDeadline } from '../domain/errors/deadline.ts';
import { buildApp } from '../http/app.ts';
import { dataRoutes } from '../http/routes/data/index.ts';
import { geocodeRoutes } from '../http/routes/geocode/geocode.ts';
import { mapRoutes, registerMapAssets } from '../http/routes/map/index.ts';
import { reportRoutes } from '../http/routes/reports/index.ts';
import { createEmbeddedModel } from '../model/embedded/index.ts';
import type { MicroclimateModel } from '../model/port.ts';
import { loadCities, watchCities } from '../services/city-catalog.ts';
import { createHistoricalService } from '../services/data/historical.ts';
import { createRecordsService } from '../services/data/records.ts';
import type { ResolveAddress } from '../services/data/resolve-location.ts';
import { createStatisticsEngine } from '../services/data/statistics-engine.ts';
import { createGeocodeService } from '../services/geocode.ts';
import { createKeyAuthenticator, keyActivity } from '../services/key-authenticator.ts';
import { createKeyVerifier } from '../services/key-verifier.ts';
import { createMapServices } from '../services/map/index.ts';
import { createReadiness } from '../services/readiness.ts';
import { createReportService } from '../services/reports/service.ts';
import { createSiteMapProvider } from '../services/reports/site-map.ts';
import { createProcessLogger } from './logger.ts';
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
  close(): Promise<void>;
}

/** What a test or a benchmark swaps; everything else comes from the config. */
export interface ComposeOverrides {
  clock?: () => number;
  /** quiet logs in tests */
  logger?: boolean;
  /** where the process logger (report jobs, queue) writes; stdout by default (tests) */
  logDestination?: DestinationStream;
  /** the compute back end (default: the embedded model in MODEL_DIR); closed with the composition */
  model?: MicroclimateModel;
  /** the report PDF renderer (default: Chromium) */
  pdf?: PdfRenderer;
  /** the fault log the process-level handlers already write to (server.ts) */
  faults?: FaultLog;
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
  const closers: Array<() => Promise<void>> = [];
  // closed last (closers run in reverse): the spans of the shutdown still get exported
  closers.push(() => observability.close());
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
    closers.push(() => channel.close());
  }
  // cities are data: the shipped packages plus the imported ones (docs/cities.md)
  const embedded = loadEmbeddedCities();
  const sources = citySources(stores.database.db, embedded, await embeddedCitySpecs(embedded));
  const cities = await loadCities(sources);
  replaceCities(cities.definitions);
  const rawModel =
    overrides.model ??
    (await createEmbeddedModel({
      dataDir: config.modelDir,
      workers: config.modelWorkers,
      cities: cities.specs,
    }));
  // the services see the model through its timing and tracing wrapper (a no-op when off);
  // the city watcher loads packages into the raw one
  const model = instrumentModel(rawModel, telemetry);
  closers.push(() => model.close());
  let cityWatcher: ReturnType<typeof watchCities> | undefined;
  closers.push(async () => cityWatcher?.close());
  const durableCache = createSqlCache(stores.database.db, clock);
  // short caches: Redis when instances share them; the durable cache when this is one of
  // several processes (one process's model work then serves the others); else memory
  const shortCache = stores.redis
    ? createRedisCache(stores.redis, `${config.redisPrefix}cache:`, faults)
    : clusterWorker
      ? durableCache
      : createMemoryCache({ clock });
  const sharedShortCache = stores.redis !== null || clusterWorker;
  const geocoding = createGeocodeService(await openConfiguredGeocoder(config.geocoder, stores.database), {
    clock,
    onCache: cacheProbe('geocoder', metrics),
  });
  closers.push(() => geocoding.close());
  const resolveAddress: ResolveAddress = (address) => geocoding.resolveAddress(address);

  const rawStatisticsPool = createStatisticsPool(config.modelWorkers);
  const statisticsPool = instrumentStatisticsPool(rawStatisticsPool, telemetry);
  closers.push(() => statisticsPool.close());
  const statistics = createStatisticsEngine({ model, cache: durableCache, pool: statisticsPool });
  const historical = createHistoricalService({
    model,
    cache: durableCache,
    statistics,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
    metrics,
  });
  const records = createRecordsService({
    model,
    cache: shortCache,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
    metrics,
  });
  const secrets = await loadSigningSecrets({
    dataDir: config.dataDir,
    configured: config.tileSigningSecrets,
  });
  const map = createMapServices({
    model,
    secrets,
    now: clock,
    isKeyActive: keyActivity(authenticator, clock),
    cacheProbes: { catalog: cacheProbe('catalog', metrics), tiles: cacheProbe('tiles', metrics) },
    // scale-out: one catalog assembly serves every instance for its 60 s
    ...(sharedShortCache ? { sharedCache: shortCache } : {}),
    durableCache,
    publicBaseUrl: config.publicBaseUrl,
  });
  const pdf = overrides.pdf ?? createThreadedPdfRenderer();
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
    // an accepted report never fails for want of outdoor cells: the radius it was posted
    // with was checked (assertSampleable), and a default one widens to the nearest outdoor cells
    stats: ({ lat, lon, radius, address }) =>
      historical.statsForLocation({ address, lat, lon }, radius, false),
    resolveAddress: (address, lang) => geocoding.resolveAddress(address, lang),
    reverseLabel: (lat, lon, lang) => geocoding.reverseLabel(lat, lon, lang),
    assertSampleable: (lat, lon, radius, radiusGiven) =>
      historical.assertSampleable({ lat, lon }, radius, radiusGiven),
    fonts: loadReportFonts(),
    siteMap: createSiteMapProvider(model),
    clock,
    logger: log.child({ component: 'reports' }),
    telemetry,
    // a dead instance's job moves on within lease + sweep (≈ 9 s); live workers renew every 2 s
    leaseMs: REPORT_LEASE.leaseMs,
    sweepIntervalMs: REPORT_LEASE.sweepMs,
  });
  closers.push(() => reports.close());
  const readiness = createReadiness([
    databaseProbe(stores.database.db),
    ...(stores.redis ? [redisProbe(stores.redis)] : []),
    modelProbe(model),
    diskProbe(config.dataDir),
  ]);
  const app = await buildApp({
    readiness,
    config,
    clock,
    verifier: createKeyVerifier({ authenticator, counters: stores.counters, clock }),
    version: serviceVersion(),
    telemetry,
    // every product feature's routes, each built the same way from its services
    features: [
      dataRoutes({ historical, records }),
      mapRoutes(map),
      reportRoutes(reports),
      geocodeRoutes(geocoding),
    ],
    ...(overrides.logger === false ? { logger: false } : {}),
  });
  faults.bind(app.log);
  await app.register(registerMapAssets);
  // city refresh problems go to the service's log (no coordinates, only ids and reasons)
  sources.log = (message, error) => app.log.warn({ err: error }, message);
  let started = false;
  let closing = false;
  let metricsPort: number | null = null;
  let background: StartUpWork | null = null;
  closers.push(async () => background?.stop());
  return {
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
      cityWatcher = watchCities(sources, rawModel, cities, config.citiesPollMs);
      await reports.start();
      registerStorageGauges(metrics, stores);
      metricsPort = await observability.listen();
      background = startUpWork({
        warmCatalog: () => map.catalog.warm(),
        statistics,
        rawModel,
        rawStatisticsPool,
        durableCache,
        pdf,
        clock,
        warn: (error, message, domain) =>
          app.log.warn({ err: error, ...(domain ? { domain } : {}) }, message),
        closing: () => closing,
      });
    },
    warmedUp: (limitMs) => settledWithin(background?.warmUp ?? Promise.resolve(), limitMs),
    startupSettled: (limitMs) => settledWithin(background?.settled ?? Promise.resolve(), limitMs),
    async close() {
      closing = true;
      await app.close();
      for (const close of closers.reverse()) await close();
      await stores.close();
    },
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
