import { Redis } from 'ioredis';
import { createMemoryCounters } from '../adapters/counters/memory.ts';
import { createRedisCounters } from '../adapters/counters/redis.ts';
import { createSqlCounters } from '../adapters/counters/sql.ts';
import { openDatabase } from '../adapters/store/database.ts';
import { createKeyRepository } from '../adapters/store/keys.ts';
import { instrumentDialect } from '../adapters/telemetry/database.ts';
import { instrumentRedis } from '../adapters/telemetry/redis.ts';
import type { Config } from '../config.ts';
import { DISABLED_TELEMETRY, type Telemetry } from '../services/telemetry/port.ts';

/** Opens the adapters the operator CLI and the server share. */
export async function openStores(
  config: Readonly<Config>,
  clock: () => number,
  telemetry: Telemetry = DISABLED_TELEMETRY,
) {
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    instrument: (dialect, system) => instrumentDialect(dialect, system, telemetry),
  });
  const redis = config.redisUrl
    ? instrumentRedis(new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }), telemetry)
    : null;
  // per-minute rate windows: Redis when instances share them, else this process's memory
  // (a window lives a minute; a restart forgets at most the current one)
  const counters = redis ? createRedisCounters(redis, config.redisPrefix) : createMemoryCounters(clock);
  // daily report quotas are durable and atomic in the database, shared through PostgreSQL
  const quotas = createSqlCounters(database.db, clock);
  const keys = createKeyRepository(database.db);
  return {
    database,
    redis,
    counters,
    quotas,
    keys,
    async close() {
      await counters.close();
      await quotas.close();
      if (redis) await redis.quit();
      await database.close();
    },
  };
}
