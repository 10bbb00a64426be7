/**
 * The historical statistics a report explains: the one shared type of the spec's
 * "Historical statistics" resource (domain/stats/historical-stats.ts), narrowed here to
 * what a report may show.
 */

import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import type { Pollutant } from '../scales/types.ts';
import type { HistoricalStats } from '../stats/historical-stats.ts';
import type { AirBlock, Season, ThermalBlock, WindBlock } from '../stats/types.ts';

export type { AirBlock, HistoricalStats, Pollutant, Season, ThermalBlock, WindBlock };

export const SEASONS: readonly Season[] = ['winter', 'spring', 'summer', 'autumn'];
export const POLLUTANTS: readonly Pollutant[] = ['no2', 'pm25', 'pm10'];

/**
 * The statistics narrowed to the metrics a report may show (those its key held when the
 * job was accepted): the other blocks go, and `meta.metrics` says what is left. Null
 * leaves everything (jobs accepted before reports kept their metrics).
 */
export function limitToMetrics(stats: HistoricalStats, shown: readonly string[] | null): HistoricalStats {
  if (shown === null) return stats;
  const limited: HistoricalStats = {
    ...stats,
    meta: { ...stats.meta, metrics: stats.meta.metrics.filter((metric) => shown.includes(metric)) },
  };
  for (const id of DEFAULT_REGISTRY.ids) if (!shown.includes(id)) delete limited[id];
  return limited;
}
