import type { Redis } from 'ioredis';
import type { KeyValueCache } from './port.ts';

/** Short caches shared by every instance through Redis. */
export function createRedisCache(redis: Redis, prefix = 'svc:cache:'): KeyValueCache {
  return {
    async get(key) {
      return redis.get(prefix + key);
    },
    async set(key, value, ttlMs) {
      if (ttlMs === null) await redis.set(prefix + key, value);
      else await redis.set(prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async close() {},
  };
}
