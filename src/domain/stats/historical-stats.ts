import { type Static, type TObject, type TOptional, Type } from 'typebox';
import type { AnyMetricModule, MetricRegistry } from '../metrics/metric-module.ts';
import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import { STATS_ENVELOPE_PROPERTIES } from './stats-envelope.ts';

export {
  DATASETS,
  type Dataset,
  HYPER_LOCAL_DATASET,
  NATIONWIDE_DATASET,
  STATISTICS_REVISION,
  type StatsEnvelope,
} from './stats-envelope.ts';

/** The properties of the statistics resource: the envelope, then one optional block per metric, in the registry's order. */
export type HistoricalStatsProperties<Modules extends readonly AnyMetricModule[]> =
  typeof STATS_ENVELOPE_PROPERTIES & {
    [Module in Modules[number] as Module['id']]: TOptional<Module['block']['schema']>;
  };

/**
 * The spec's "Historical statistics" resource built from a metric registry: the envelope
 * (stats-envelope.ts) and each registered metric's block under its id, in the registry's
 * order (the order the body's keys are serialised in). One schema for the service that
 * builds it (GET /historical/stats) and the reports that explain it; the route validates,
 * serialises and documents it with the same schema.
 */
export function historicalStatsSchema<const Modules extends readonly AnyMetricModule[]>(
  registry: MetricRegistry<Modules>,
): TObject<HistoricalStatsProperties<Modules>> {
  const blocks = Object.fromEntries(
    registry.modules.map((module) => [module.id, Type.Optional(module.block.schema)]),
  );
  return Type.Object({ ...STATS_ENVELOPE_PROPERTIES, ...blocks } as HistoricalStatsProperties<Modules>, {
    title: 'HistoricalStats',
    description: 'Annual statistics over the reference year for one location.',
  });
}

/** The resource of the service's metrics (metrics/registry.ts). */
export const HistoricalStatsSchema = historicalStatsSchema(DEFAULT_REGISTRY);
export type HistoricalStats = Static<typeof HistoricalStatsSchema>;
