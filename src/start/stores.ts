import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import { createClusterCounters } from '../adapters/counters/cluster.ts';
import { createMemoryCounters } from '../adapters/counters/memory.ts';
import { createRedisCounters } from '../adapters/counters/redis.ts';
import { createSqlCounters } from '../adapters/counters/sql.ts';
import { createFaultLog, type FaultLog } from '../adapters/faults/fault-log.ts';
import { databaseProbe } from '../adapters/faults/probes.ts';
import { openDatabase, POSTGRES_TIMEOUTS } from '../adapters/store/database.ts';
import { createKeyRepository } from '../adapters/store/keys.ts';
import { instrumentDialect } from '../adapters/telemetry/database.ts';
import { instrumentRedis } from '../adapters/telemetry/redis.ts';
import type { Config } from '../config.ts';
import { DISABLED_TELEMETRY, type Telemetry } from '../services/ports/telemetry-port.ts';
import type { CloseStep } from './shutdown.ts';

/** Opens the adapters the operator CLI and the server share. */
export async function openStores(
  config: Readonly<Config>,
  clock: () => number,
  faultLog?: FaultLog,
  telemetry: Telemetry = DISABLED_TELEMETRY,
) {
  const faults = faultLog ?? createFaultLog({ level: config.logLevel });
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    faults,
    statementTimeoutMs: POSTGRES_TIMEOUTS.statementTimeoutMs,
    instrument: (dialect, system) => instrumentDialect(dialect, system, telemetry),
  });
  const { redis, closeRedis } = await openConfiguredRedis(config, faults, telemetry);
  // per-minute rate windows: Redis when instances share them; the primary process's memory
  // when this is one of several HTTP processes (WORKERS); else this process's memory
  // (a window lives a minute; a restart forgets at most the current one)
  const counters = redis
    ? createRedisCounters(redis, config.redisPrefix)
    : cluster.isWorker
      ? createClusterCounters()
      : createMemoryCounters(clock);
  // daily report quotas are durable and atomic in the database, shared through PostgreSQL
  const quotas = createSqlCounters(database.db, clock);
  const keys = createKeyRepository(database.db);
  return {
    database,
    redis,
    counters,
    quotas,
    keys,
    faults,
    /** for a one-shot command (the CLI): closes everything, in order */
    async close() {
      for (const step of closeSteps()) await step.close().catch(() => {});
    },
    /** for the server's shutdown (shutdown.ts): each store a step of its own, closed together */
    closeSteps,
  };

  function closeSteps(): CloseStep[] {
    return storeCloseSteps({ redis, closeRedis, counters, quotas, database });
  }
}

/** The Redis commands connection, loaded only when configured (docs/performance.md, "Memory"). */
async function openConfiguredRedis(config: Readonly<Config>, faults: FaultLog, telemetry: Telemetry) {
  if (!config.redisUrl) return { redis: null, closeRedis: null };
  const connection = await import('../adapters/redis/connection.ts');
  const redis: Redis = instrumentRedis(
    connection.openRedis(config.redisUrl, 'commands', faults, connection.REQUEST_PATH_REDIS),
    telemetry,
  );
  // the first requests find Redis connected; if it is down, they answer 503 until it is back
  await connection.awaitReady(redis, 3000);
  return { redis, closeRedis: connection.closeRedis };
}

interface OpenStores {
  redis: Redis | null;
  closeRedis: ((redis: Redis) => Promise<void>) | null;
  counters: { close(): Promise<void> };
  quotas: { close(): Promise<void> };
  database: Awaited<ReturnType<typeof openDatabase>>;
}

/** Each store a close step of its own (shutdown.ts closes them together). */
function storeCloseSteps({ redis, closeRedis, counters, quotas, database }: OpenStores): CloseStep[] {
  const steps: CloseStep[] = [
    {
      name: 'rate windows',
      dependency: redis ? 'redis' : cluster.isWorker ? 'cluster primary' : 'memory',
      close: () => counters.close(),
    },
  ];
  const connection = redis;
  if (connection && closeRedis) {
    const quit = closeRedis;
    steps.push({
      name: 'redis commands connection',
      dependency: 'redis',
      close: () => quit(connection),
      abandon: () => connection.disconnect(),
    });
  }
  steps.push({
    name: 'database',
    dependency: 'database',
    // a last round trip says whether the database was still there to be closed cleanly:
    // a pool whose connections were lost ends at once, with nothing to tell
    async close() {
      await quotas.close();
      const unanswered = await databaseProbe(database.db)
        .check()
        .then(
          () => null,
          (error: unknown) => error,
        );
      await database.close();
      if (unanswered !== null) throw unanswered;
    },
    abandon: () => void database.close().catch(() => {}),
  });
  return steps;
}
