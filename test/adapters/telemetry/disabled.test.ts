import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { SqliteDialect } from 'kysely';
import { createMemoryCache } from '../../../src/adapters/cache/memory.ts';
import { cacheProbe, instrumentCache } from '../../../src/adapters/telemetry/cache.ts';
import { instrumentDialect } from '../../../src/adapters/telemetry/database.ts';
import { createTelemetry } from '../../../src/adapters/telemetry/index.ts';
import { instrumentModel, instrumentStatisticsPool } from '../../../src/adapters/telemetry/model.ts';
import { instrumentRedis } from '../../../src/adapters/telemetry/redis.ts';
import { registerTelemetryHooks } from '../../../src/http/plugins/telemetry.ts';
import type { MicroclimateModel } from '../../../src/model/microclimate-model.ts';
import type { StatisticsPool } from '../../../src/services/data/statistics-pool-port.ts';
import { DISABLED_TELEMETRY } from '../../../src/services/ports/telemetry-port.ts';

/**
 * With METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT unset nothing is installed: no hook
 * on the API, no wrapper around the model, the pools, the caches, the database or Redis,
 * and no listener. (The benchmark measures the same; this holds on any machine.)
 */
test('telemetry off installs nothing: the objects handed in come back untouched', async () => {
  const runtime = await createTelemetry({
    host: '127.0.0.1',
    metricsPort: undefined,
    otlpEndpoint: undefined,
    serviceVersion: '0',
  });
  assert.equal(runtime.telemetry.metrics.enabled, false);
  assert.equal(runtime.telemetry.tracing.enabled, false);
  assert.equal(await runtime.listen(), null);
  const telemetry = runtime.telemetry;

  const app = Fastify();
  const installed: string[] = [];
  const addHook = app.addHook.bind(app);
  app.addHook = ((name: string, ...rest: unknown[]) => {
    installed.push(name);
    return (addHook as (...args: unknown[]) => unknown)(name, ...rest);
  }) as typeof app.addHook;
  registerTelemetryHooks(app, telemetry);
  assert.deepEqual(installed, []);
  assert.equal(app.hasRequestDecorator('telemetry'), false);
  // and with metrics on, the same call does install its hooks (the spy sees them)
  const on = await createTelemetry({
    host: '127.0.0.1',
    metricsPort: 0,
    otlpEndpoint: undefined,
    serviceVersion: '0',
  });
  registerTelemetryHooks(app, on.telemetry);
  assert.deepEqual(installed.sort(), ['onError', 'onRequest', 'onResponse']);
  await app.close();

  const model = { series: async () => [] } as unknown as MicroclimateModel;
  assert.equal(instrumentModel(model, telemetry), model);
  const pool = { compute: async () => ({}), close: async () => {} } as unknown as StatisticsPool;
  assert.equal(instrumentStatisticsPool(pool, telemetry), pool);
  const cache = createMemoryCache({});
  assert.equal(instrumentCache(cache, 'historical', telemetry.metrics), cache);
  assert.equal(cacheProbe('keys', telemetry.metrics), undefined);
  const dialect = new SqliteDialect({ database: {} as never });
  assert.equal(instrumentDialect(dialect, 'sqlite', telemetry), dialect);
  const redis = new Redis({ lazyConnect: true });
  const send = redis.sendCommand;
  assert.equal(instrumentRedis(redis, DISABLED_TELEMETRY), redis);
  assert.equal(redis.sendCommand, send);
  redis.disconnect();
  await runtime.close();
});
