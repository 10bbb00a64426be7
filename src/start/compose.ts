import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createMemoryCache } from '../adapters/cache/memory.ts';
import { createRedisCache } from '../adapters/cache/redis.ts';
import { createSqlCache } from '../adapters/cache/sql.ts';
import { embeddedCitySpecs } from '../adapters/cities/embedded.ts';
import { citySources } from '../adapters/cities/sources.ts';
import type { Counters } from '../adapters/counters/port.ts';
import { createFaultLog, type FaultLog } from '../adapters/faults/fault-log.ts';
import { databaseProbe, diskProbe, modelProbe, redisProbe } from '../adapters/faults/probes.ts';
import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { createChromiumRenderer } from '../adapters/pdf/chromium.ts';
import { loadReportFontDataUrl } from '../adapters/pdf/font.ts';
import { createBullmqQueue } from '../adapters/queue/bullmq.ts';
import { createInProcessQueue } from '../adapters/queue/in-process.ts';
import { openRevocationChannel, type RevocationChannel } from '../adapters/redis/revocations.ts';
import { loadSigningSecrets } from '../adapters/signing-secret.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import type { KeyRepository } from '../adapters/store/keys.ts';
import { createReportJobStore } from '../adapters/store/report-jobs.ts';
import { createStatisticsPool } from '../adapters/threads/statistics-pool.ts';
import type { Config } from '../config.ts';
import { replaceCities } from '../domain/coverage/cities.ts';
import { loadEmbeddedCities } from '../domain/coverage/embedded-cities.ts';
import type { HistoricalStats } from '../domain/reports/stats.ts';
import { buildApp } from '../http/app.ts';
import { registerHistoricalRoute } from '../http/routes/data/historical.ts';
import { registerRecordsRoute } from '../http/routes/data/records.ts';
import type { FeatureRoutes } from '../http/routes/features.ts';
import { geocodeRoute } from '../http/routes/geocode/geocode.ts';
import { mapRoutes, registerMapAssets } from '../http/routes/map/index.ts';
import { reportRoutes } from '../http/routes/reports/index.ts';
import { createEmbeddedModel } from '../model/embedded/index.ts';
import { loadCities, watchCities } from '../services/city-catalog.ts';
import { createHistoricalService } from '../services/data/historical.ts';
import { createRecordsService } from '../services/data/records.ts';
import type { ResolveAddress } from '../services/data/resolve-location.ts';
import { createStatisticsEngine } from '../services/data/statistics-engine.ts';
import { createGeocodeService } from '../services/geocode.ts';
import { createKeyAuthenticator, keyActivity } from '../services/key-authenticator.ts';
import { createMapServices } from '../services/map/index.ts';
import { createReadiness } from '../services/readiness.ts';
import { createReportService } from '../services/reports/service.ts';
import { openStores } from './stores.ts';

/** Report job leases: short, renewed by heartbeat, so a dead worker's job is resumed within seconds. */
export const REPORT_LEASE = { leaseMs: 6000, sweepMs: 3000 };

/** The service's version, from package.json (the API major version is the /v1 prefix). */
export function serviceVersion(): string {
  const pkg = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url).pathname.replace('/dist/', '/'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}

/** Everything the process holds open, built once from the parsed config. */
export interface Composition {
  app: FastifyInstance;
  database: OpenedDatabase;
  keys: KeyRepository;
  counters: Counters;
  close(): Promise<void>;
}

export interface ComposeOptions {
  clock?: () => number;
  /** quiet logs in tests */
  logger?: boolean;
  /** the fault log the process-level handlers already write to (server.ts) */
  faults?: FaultLog;
}

/** The composition root: adapters from config, services from adapters, the app from services. */
export async function compose(config: Readonly<Config>, options: ComposeOptions = {}): Promise<Composition> {
  const clock = options.clock ?? Date.now;
  const faults = options.faults ?? createFaultLog({ level: config.logLevel });
  const stores = await openStores(config, clock, faults);
  // background work logs through the app's logger once it exists (see bind below)
  let appLog: Pick<FastifyInstance['log'], 'warn' | 'error'> | null = null;
  const backgroundLog = {
    warn: (fields: Record<string, unknown>, message: string) => appLog?.warn(fields, message),
    error: (fields: Record<string, unknown>, message: string) => appLog?.error(fields, message),
  };
  const closers: Array<() => Promise<void>> = [];
  let revocations: RevocationChannel | null = null;
  const authenticator = createKeyAuthenticator(stores.keys, {
    clock,
    onRevokedSeen: (keyId) => revocations?.announce(keyId),
  });
  if (stores.redis && config.redisUrl) {
    // scale-out: a revocation reaches every instance's key cache at once
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
  const model = await createEmbeddedModel({
    dataDir: config.modelDir,
    workers: config.modelWorkers,
    cities: cities.specs,
  });
  closers.push(() => model.close());
  const cityWatcher = watchCities(sources, model, cities, config.citiesPollMs);
  closers.push(async () => cityWatcher.close());
  const durableCache = createSqlCache(stores.database.db, clock);
  const shortCache = stores.redis
    ? createRedisCache(stores.redis, `${config.redisPrefix}cache:`, faults)
    : createMemoryCache({ clock });
  const geocoding = createGeocodeService(await openConfiguredGeocoder(config.geocoder, stores.database), {
    clock,
  });
  closers.push(() => geocoding.close());
  const resolveAddress: ResolveAddress = (address) => geocoding.resolveAddress(address);

  const statisticsPool = createStatisticsPool(config.modelWorkers);
  closers.push(() => statisticsPool.close());
  const statistics = createStatisticsEngine({ model, cache: durableCache, pool: statisticsPool });
  const historical = createHistoricalService({
    model,
    cache: durableCache,
    statistics,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
  });
  const records = createRecordsService({
    model,
    cache: shortCache,
    resolveAddress,
    clock,
    deadlineMs: config.computeDeadlineMs,
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
    // scale-out: one catalog assembly serves every instance for its 60 s
    ...(stores.redis ? { sharedCache: shortCache } : {}),
    publicBaseUrl: config.publicBaseUrl,
  });
  const mapFeature = mapRoutes(map);
  const pdf = createChromiumRenderer();
  const reports = createReportService({
    store: createReportJobStore(stores.database.db),
    // REDIS_URL: one queue shared by every instance (BullMQ); else this process's FIFO
    queue: config.redisUrl
      ? createBullmqQueue({
          redisUrl: config.redisUrl,
          prefix: `${config.redisPrefix}bull`,
          concurrency: 2,
          faults,
        })
      : createInProcessQueue({ concurrency: 2 }),
    counters: stores.quotas,
    pdf,
    stats: async ({ lat, lon, radius, address }) =>
      (await historical.statsForLocation({ address, lat, lon }, radius)) as unknown as HistoricalStats,
    resolveAddress,
    reverseLabel: (lat, lon) => geocoding.reverseLabel(lat, lon),
    fontDataUrl: loadReportFontDataUrl(),
    clock,
    logger: backgroundLog,
    // a dead instance's job moves on within lease + sweep (≈ 9 s); live workers renew every 2 s
    leaseMs: REPORT_LEASE.leaseMs,
    sweepIntervalMs: REPORT_LEASE.sweepMs,
  });
  closers.push(() => reports.close());
  const features: FeatureRoutes = {
    keyed: [
      (v1) => registerHistoricalRoute(v1, historical),
      (v1) => registerRecordsRoute(v1, 'realtime', records),
      (v1) => registerRecordsRoute(v1, 'forecast', records),
      ...mapFeature.keyed,
      reportRoutes(reports),
      geocodeRoute(geocoding),
    ],
    open: [...mapFeature.open],
  };
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
    authenticator,
    counters: stores.counters,
    version: serviceVersion(),
    features,
    ...(options.logger === false ? { logger: false } : {}),
  });
  faults.bind(app.log);
  appLog = app.log;
  await app.register(registerMapAssets);
  // city refresh problems go to the service's log (no coordinates, only ids and reasons)
  sources.log = (message, error) => app.log.warn({ err: error }, message);
  await reports.start();
  // per-hour ranges take seconds to compute: prepare each hour's catalog before anyone asks
  map.catalog.warm();
  const warmTimer = setInterval(() => map.catalog.warm(), 5 * 60_000);
  warmTimer.unref();
  closers.push(async () => clearInterval(warmTimer));
  // the references behind the statistics' comparisons are computed once per model version: start early
  for (const domain of ['brussels', 'belgium'] as const) {
    statistics
      .references(domain)
      .catch((error: unknown) => app.log.warn({ err: error, domain }, 'references failed'));
  }
  return {
    app,
    database: stores.database,
    keys: stores.keys,
    counters: stores.counters,
    async close() {
      await app.close();
      for (const close of closers.reverse()) await close();
      await stores.close();
    },
  };
}
