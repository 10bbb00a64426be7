import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createMemoryCache } from '../adapters/cache/memory.ts';
import { createRedisCache } from '../adapters/cache/redis.ts';
import { createSqlCache } from '../adapters/cache/sql.ts';
import { embeddedCitySpecs } from '../adapters/cities/embedded.ts';
import { citySources } from '../adapters/cities/sources.ts';
import type { Counters } from '../adapters/counters/port.ts';
import { openConfiguredGeocoder } from '../adapters/geocoder/from-config.ts';
import { createChromiumRenderer } from '../adapters/pdf/chromium.ts';
import { loadReportFonts } from '../adapters/pdf/font.ts';
import { createBullmqQueue } from '../adapters/queue/bullmq.ts';
import { createInProcessQueue } from '../adapters/queue/in-process.ts';
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
import { createReportService } from '../services/reports/service.ts';
import { createSiteMapProvider } from '../services/reports/site-map.ts';
import { openStores } from './stores.ts';

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
}

/** The composition root: adapters from config, services from adapters, the app from services. */
export async function compose(config: Readonly<Config>, options: ComposeOptions = {}): Promise<Composition> {
  const clock = options.clock ?? Date.now;
  const stores = await openStores(config, clock);
  const closers: Array<() => Promise<void>> = [];
  const authenticator = createKeyAuthenticator(stores.keys, { clock });
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
    ? createRedisCache(stores.redis, `${config.redisPrefix}cache:`)
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
  });
  const mapFeature = mapRoutes(map);
  const pdf = createChromiumRenderer();
  const reports = createReportService({
    store: createReportJobStore(stores.database.db),
    // REDIS_URL: one queue shared by every instance (BullMQ); else this process's FIFO
    queue: config.redisUrl
      ? createBullmqQueue({ redisUrl: config.redisUrl, prefix: `${config.redisPrefix}bull`, concurrency: 2 })
      : createInProcessQueue({ concurrency: 2 }),
    counters: stores.quotas,
    pdf,
    // an accepted report never fails for want of outdoor cells: the radius it was posted
    // with was checked (assertSampleable), and a default one widens to the nearest outdoor cells
    stats: async ({ lat, lon, radius, address }) =>
      (await historical.statsForLocation({ address, lat, lon }, radius, false)) as unknown as HistoricalStats,
    resolveAddress: (address, lang) => geocoding.resolveAddress(address, lang),
    reverseLabel: (lat, lon, lang) => geocoding.reverseLabel(lat, lon, lang),
    assertSampleable: (lat, lon, radius, radiusGiven) =>
      historical.assertSampleable({ lat, lon }, radius, radiusGiven),
    fonts: loadReportFonts(),
    siteMap: createSiteMapProvider(model),
    clock,
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
  const app = await buildApp({
    config,
    clock,
    authenticator,
    counters: stores.counters,
    version: serviceVersion(),
    features,
    ...(options.logger === false ? { logger: false } : {}),
  });
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
