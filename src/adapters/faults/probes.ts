import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { ReadinessProbe } from '../../services/readiness-port.ts';
import type { Database } from '../store/schema.ts';

/** Below this much free space in DATA_DIR, writes (reports, caches, SQLite) are about to fail. */
export const MIN_FREE_DISK_BYTES = 64 * 1024 * 1024;

/** One round trip to the database (PostgreSQL or SQLite). */
export function databaseProbe(db: Kysely<Database>): ReadinessProbe {
  return {
    name: 'database',
    async check() {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        throw new Error(`query failed: ${reason(error)}`);
      }
    },
  };
}

/** PING over the request-path connection (the one keyed requests use). */
export function redisProbe(redis: Redis): ReadinessProbe {
  return {
    name: 'redis',
    async check() {
      if (redis.status !== 'ready') throw new Error(`connection ${redis.status}`);
      await redis.ping();
    },
  };
}

/** The compute threads: all configured ones must be running. */
export function modelProbe(model: { workers?(): { alive: number; total: number } }): ReadinessProbe {
  return {
    name: 'model_workers',
    async check() {
      const workers = model.workers?.();
      if (workers && workers.alive < workers.total)
        throw new Error(`${workers.alive} of ${workers.total} compute workers running`);
    },
  };
}

/** DATA_DIR is writable and has room. */
export function diskProbe(dataDir: string): ReadinessProbe {
  return {
    name: 'disk',
    async check() {
      try {
        await access(dataDir, constants.W_OK);
      } catch (error) {
        throw new Error(`DATA_DIR not writable: ${reason(error)}`);
      }
      const stats = await statfs(dataDir);
      const free = stats.bavail * stats.bsize;
      if (free < MIN_FREE_DISK_BYTES)
        throw new Error(`DATA_DIR has ${Math.floor(free / 1048576)} MiB free (needs 64 MiB)`);
    },
  };
}

function reason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return code ? String(code) : cause.message;
}
