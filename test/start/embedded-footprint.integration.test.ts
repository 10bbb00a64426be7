import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

/**
 * The embedded default loads no driver or SDK it does not use: the PostgreSQL and Redis
 * clients, BullMQ, prom-client and the OpenTelemetry SDK cost ~50 MB of resident memory
 * together, and are loaded only when DATABASE_URL, REDIS_URL, METRICS_PORT or
 * OTEL_EXPORTER_OTLP_ENDPOINT asks for them (docs/performance.md, "Memory").
 */
const repo = new URL('../..', import.meta.url).pathname;
const OPTIONAL = ['pg', 'ioredis', 'bullmq', 'prom-client', '@opentelemetry/sdk-trace-node'];

function packagesLoaded(env: Record<string, string>): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/helpers/loaded-packages.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      METRICS_PORT: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...env,
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) as string) as string[];
}

test('the embedded server loads none of the optional drivers and SDKs; each comes with its setting', () => {
  const embedded = packagesLoaded({});
  assert.ok(embedded.includes('fastify'), 'the probe sees the packages the server does load');
  assert.deepEqual(
    OPTIONAL.filter((name) => embedded.includes(name)),
    [],
  );
  const observed = packagesLoaded({ METRICS_PORT: '0', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
  assert.ok(observed.includes('prom-client'), 'METRICS_PORT loads prom-client');
  assert.ok(observed.includes('@opentelemetry/sdk-trace-node'), 'an OTLP endpoint loads the tracing SDK');
});
