import type { Redis } from 'ioredis';
import type { KeyValueCache } from '../../services/ports/cache-port.ts';
import type { FaultLog } from '../faults/fault-log.ts';

/**
 * Short caches shared by every instance through Redis. A cache that cannot be reached
 * is a miss (and a write to it is skipped): the value is computed again rather than the
 * request failing, so what can be served without Redis still is.
 */
export function createRedisCache(redis: Redis, prefix = 'svc:cache:', faults?: FaultLog): KeyValueCache {
  return {
    async get(key) {
      try {
        return await redis.get(prefix + key);
      } catch (error) {
        faults?.report('redis', error, 'shared cache unreachable; computing instead');
        return null;
      }
    },
    async set(key, value, ttlMs) {
      try {
        if (ttlMs === null) await redis.set(prefix + key, value);
        else await redis.set(prefix + key, value, 'PX', Math.max(1, Math.round(ttlMs)));
      } catch (error) {
        faults?.report('redis', error, 'shared cache unreachable; value not stored');
      }
    },
    async close() {},
  };
}
