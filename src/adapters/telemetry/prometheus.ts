import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { METRIC_CATALOGUE, type MetricName } from '../../services/telemetry/metric-catalogue.ts';
import type { Metrics } from '../../services/telemetry/port.ts';

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
  const instrument = <T>(name: MetricName) => instruments.get(name) as T;
  return {
    enabled: true,
    registry,
    count(name, labels, by = 1) {
      instrument<Counter>(name).inc(labels, by);
    },
    observe(name, value, labels) {
      instrument<Histogram>(name).observe(labels, value);
    },
    adjust(name, delta, labels) {
      instrument<Gauge>(name).inc(labels, delta);
    },
    sample(name, read) {
      const list = readers.get(name) ?? [];
      list.push(read as Reader);
      readers.set(name, list);
    },
  };
}
