import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { METRIC_CATALOGUE, type MetricName } from '../../domain/telemetry/metric-catalogue.ts';
import type { Metrics } from '../../services/ports/telemetry-port.ts';

type Reader = () => Promise<ReadonlyArray<readonly [Record<string, string>, number]>>;

export interface PrometheusMetrics extends Metrics {
  readonly registry: Registry;
}

/**
 * The Metrics port on prom-client: one registry per process holding the catalogue's
 * instruments and the default Node metrics (event-loop lag, heap, GC, handles). Sampled
 * gauges read their source at each scrape; a source that fails (database down) leaves its
 * gauge empty for that scrape rather than failing the whole page.
 */
export function createPrometheusMetrics(): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const readers = new Map<string, Reader[]>();
  const instruments = new Map<string, Counter | Histogram | Gauge>();
  for (const [name, definition] of Object.entries(METRIC_CATALOGUE)) {
    const common = { name, help: definition.help, labelNames: [...definition.labels], registers: [registry] };
    if (definition.type === 'counter') instruments.set(name, new Counter(common));
    else if (definition.type === 'histogram')
      instruments.set(name, new Histogram({ ...common, buckets: [...definition.buckets] }));
    else {
      instruments.set(
        name,
        new Gauge({
          ...common,
          async collect() {
            const sources = readers.get(name);
            if (!sources) return;
            this.reset();
            for (const read of sources) {
              const samples = await read().catch(() => []);
              for (const [labels, value] of samples) this.set(labels, value);
            }
          },
        }),
      );
    }
  }
  // the series of one label combination, found once: on the request path a Map lookup is
  // cheaper than prom-client hashing the labels object at every increment
  const series = new Map<string, Map<string, unknown>>();
  function child<T>(name: MetricName, labels: Record<string, string>): T {
    let byLabels = series.get(name);
    if (!byLabels) {
      byLabels = new Map();
      series.set(name, byLabels);
    }
    let key = '';
    for (const label in labels) key += `${labels[label]}\u0000`;
    let found = byLabels.get(key);
    if (!found) {
      found = (instruments.get(name) as { labels(l: Record<string, string>): unknown }).labels(labels);
      byLabels.set(key, found);
    }
    return found as T;
  }
  return {
    enabled: true,
    registry,
    count(name, labels, by = 1) {
      child<{ inc(by: number): void }>(name, labels).inc(by);
    },
    observe(name, value, labels) {
      child<{ observe(value: number): void }>(name, labels).observe(value);
    },
    adjust(name, delta, labels) {
      child<{ inc(by: number): void }>(name, labels).inc(delta);
    },
    sample(name, read) {
      const list = readers.get(name) ?? [];
      list.push(read as Reader);
      readers.set(name, list);
    },
  };
}
