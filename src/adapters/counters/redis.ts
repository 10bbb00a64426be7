import type { Redis } from 'ioredis';
import type { Counters } from '../../services/ports/counters-port.ts';
import { guarded } from '../faults/classify.ts';

// One round trip, atomic on the server: increment unless the limit would be passed.
const INCREMENT_WITHIN = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local by = tonumber(ARGV[1])
if current + by > tonumber(ARGV[2]) then return {current, 0} end
local value = redis.call('INCRBY', KEYS[1], by)
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return {value, 1}
`;

const DECREMENT_FLOORED = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current <= 0 then return 0 end
local by = math.min(current, tonumber(ARGV[1]))
return redis.call('DECRBY', KEYS[1], by)
`;

/** Counters shared by every instance through Redis; an outage throws `DependencyUnavailableError('redis')`. */
export function createRedisCounters(redis: Redis, prefix = 'svc:'): Counters {
  return {
    async incrementWithin(name, by, limit, expiresAtMs) {
      const [value, applied] = (await guarded('redis', () =>
        redis.eval(INCREMENT_WITHIN, 1, prefix + name, by, limit, expiresAtMs),
      )) as [number, number];
      return { value: Number(value), applied: applied === 1 };
    },
    async read(name) {
      const value = await guarded('redis', () => redis.get(prefix + name));
      return value === null ? 0 : Number(value);
    },
    async decrement(name, by) {
      await guarded('redis', () => redis.eval(DECREMENT_FLOORED, 1, prefix + name, by));
    },
    async close() {},
  };
}
