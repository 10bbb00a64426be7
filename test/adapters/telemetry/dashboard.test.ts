import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createPrometheusMetrics } from '../../../src/adapters/telemetry/prometheus.ts';

/** Every series the Grafana dashboard queries is one the service exposes (no panel reads nothing). */
test('ops/grafana-dashboard.json reads only metrics the service exposes', async () => {
  const dashboard = readFileSync(new URL('../../../ops/grafana-dashboard.json', import.meta.url), 'utf8');
  const queried = new Set(
    [...dashboard.matchAll(/\b((?:svc|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
      (m[1] as string).replace(/_(bucket|count|sum)$/, ''),
    ),
  );
  const exposed = new Set((await createPrometheusMetrics().registry.getMetricsAsJSON()).map((m) => m.name));
  assert.ok(queried.size >= 20, `only ${queried.size} metrics queried`);
  for (const name of queried) assert.ok(exposed.has(name), `${name} is queried but not exposed`);
  const panels = (JSON.parse(dashboard) as { panels: Array<{ type: string; title: string }> }).panels;
  for (const title of [
    'Request rate by route',
    'Latency p99 by route',
    'Cache hit ratio by cache',
    'Report queue depth',
  ])
    assert.ok(
      panels.some((panel) => panel.title === title),
      title,
    );
});
