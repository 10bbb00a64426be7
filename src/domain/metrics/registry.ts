/**
 * The metric registry: the metrics the service serves, each registered once. A registry
 * is a value (no module state): the service's is built from DEFAULT_METRICS, a test
 * builds its own with a metric of its own (test/domain/metrics/extra-metric.test.ts).
 */
import { airMetric } from './air/index.ts';
import type { AnyMetricModule, MetricRegistry } from './metric-module.ts';
import { thermalMetric } from './thermal/index.ts';
import { windMetric } from './wind/index.ts';

/** A registry of these modules, in their order; refuses two modules of one id. */
export function createMetricRegistry<const Modules extends readonly AnyMetricModule[]>(
  modules: Modules,
): MetricRegistry<Modules> {
  const ids = modules.map((module) => module.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw new Error(`metric ${repeated} is registered twice`);
  return Object.freeze({
    modules,
    ids,
    find: (id: string) => modules.find((module) => module.id === id),
  });
}

/** The service's metrics, in the order of the statistics resource and the report (the spec's). */
export const DEFAULT_METRICS = [airMetric, windMetric, thermalMetric] as const;

export const DEFAULT_REGISTRY = createMetricRegistry(DEFAULT_METRICS);

/** The id of one of the service's metrics: the name of its block in the statistics. */
export type MetricId = (typeof DEFAULT_METRICS)[number]['id'];
