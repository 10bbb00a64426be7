import type { Redis } from 'ioredis';
import { announceRevocation } from '../adapters/redis/revocations.ts';
import type { OpenedDatabase } from '../adapters/store/database.ts';
import { type Config, ConfigError, parseConfig } from '../config.ts';
import type { CityDomainSpec } from '../services/city-domains-port.ts';
import { openStores } from '../start/stores.ts';
import { runKeysCommand, UsageError } from './commands/keys.ts';
import { USAGE } from './usage.ts';

/** The operator CLI: same DATA_DIR / DATABASE_URL as the server, safe while it runs. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  const config = parseConfig(process.env);
  if (command === 'keys') {
    const stores = await openStores(config, Date.now);
    try {
      await runKeysCommand(rest, {
        keys: stores.keys,
        clock: Date.now,
        defaults: { ratePerMin: config.defaultRatePerMin, reportsPerDay: config.defaultReportsPerDay },
        out: (line) => process.stdout.write(`${line}\n`),
        ...(stores.redis
          ? {
              announceRevocation: (keyId: string) =>
                announceRevocation(stores.redis as Redis, config.redisPrefix, keyId),
            }
          : {}),
      });
    } finally {
      await stores.close();
    }
    return 0;
  }
  if (command === 'cities') {
    const { runCitiesCommand, InvalidPackageError } = await import('./commands/cities.ts');
    const { openDatabase } = await import('../adapters/store/database.ts');
    const { createCityPackageStore } = await import('../adapters/cities/package-store.ts');
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await runCitiesCommand(rest, {
        store: createCityPackageStore(database.db),
        modelDir: config.modelDir,
        clock: Date.now,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
        refreshAddresses: async () => {
          const { ensureCityAddressesLoaded } = await import('../adapters/geocoder/gazetteer.ts');
          await ensureCityAddressesLoaded(database);
        },
      });
    } catch (error) {
      if (error instanceof InvalidPackageError) {
        process.stderr.write(`${(error as Error).message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await database.close();
    }
    return 0;
  }
  if (command === 'gazetteer') {
    const { runGazetteerImport } = await import('./commands/gazetteer-import.ts');
    await runGazetteerImport(rest, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    return 0;
  }
  if (command === 'feeds') {
    const { runFeedsCommand } = await import('./commands/feeds.ts');
    const { extent } = await import('../domain/coverage/city-package/geometry.ts');
    return withCitySpecs(config, (loadSpecs, database) =>
      runFeedsCommand(rest, {
        config,
        database,
        // the centres of the city zones' extents (the server reads the gridded feeds there)
        cityCentres: async () =>
          (await loadSpecs()).map((spec) => {
            const [west, south, east, north] = extent(spec.boundary);
            return { lat: (south + north) / 2, lon: (west + east) / 2 };
          }),
        cities: async () =>
          (await loadSpecs()).map((spec) => {
            const [west, south, east, north] = extent(spec.boundary);
            return { id: spec.id, lat: (south + north) / 2, lon: (west + east) / 2 };
          }),
        out: (line) => process.stdout.write(`${line}\n`),
      }),
    );
  }
  if (command === 'alerts') {
    const { runAlertsCommand } = await import('./commands/alerts.ts');
    const { alertDelivery } = await import('../start/wire-alerts.ts');
    const stores = await openStores(config, Date.now);
    try {
      const { store, delivery } = await alertDelivery({ config, db: stores.database.db, clock: Date.now });
      return await runAlertsCommand(rest, {
        store,
        keys: stores.keys,
        delivery,
        clock: Date.now,
        out: (line) => process.stdout.write(`${line}\n`),
      });
    } finally {
      await stores.close();
    }
  }
  if (command === 'render-layer') {
    // loaded on demand: the model is heavy and `keys` commands must start fast
    const { runRenderLayer } = await import('./commands/render-layer.ts');
    return withCitySpecs(config, async (loadSpecs) => {
      await runRenderLayer(rest, { dataDir: config.modelDir, cities: loadSpecs });
      return 0;
    });
  }
  throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
}

/** Runs `work` with the database open and a loader of every city's domain spec, shipped and imported alike. */
async function withCitySpecs(
  config: Readonly<Config>,
  work: (loadSpecs: () => Promise<CityDomainSpec[]>, database: OpenedDatabase) => Promise<number>,
): Promise<number> {
  const { openDatabase } = await import('../adapters/store/database.ts');
  const { citySources } = await import('../adapters/cities/sources.ts');
  const { embeddedCitySpecs } = await import('../adapters/cities/embedded.ts');
  const { loadEmbeddedCities } = await import('../adapters/cities/embedded-packages.ts');
  const { loadCities } = await import('../services/city-catalog.ts');
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    return await work(async () => {
      const embedded = loadEmbeddedCities();
      const sources = citySources(database.db, embedded, await embeddedCitySpecs(embedded));
      return (await loadCities(sources)).specs;
    }, database);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
