import { createMemoryCache } from '../adapters/cache/memory.ts';
import { createRedisCache } from '../adapters/cache/redis.ts';
import { createSqlCache } from '../adapters/cache/sql.ts';
import type { Foundation } from './foundation.ts';

/**
 * The durable cache (the database) and the short one: Redis when instances share it; the
 * durable cache when this is one of several processes (one process's model work then
 * serves the others); else memory.
 */
export function wireCaches({ config, clock, clusterWorker, stores, faults }: Foundation) {
  const durableCache = createSqlCache(stores.database.db, clock);
  const shortCache = stores.redis
    ? createRedisCache(stores.redis, `${config.redisPrefix}cache:`, faults)
    : clusterWorker
      ? durableCache
      : createMemoryCache({ clock });
  return { durableCache, shortCache, sharedShortCache: stores.redis !== null || clusterWorker };
}

export type Caches = ReturnType<typeof wireCaches>;
