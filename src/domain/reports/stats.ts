/**
 * The historical statistics a report explains: the spec's "Historical statistics"
 * response, the envelope (as in src/http/schemas/historical.ts, which the domain may
 * not import) around the statistics engine's air, wind and thermal blocks.
 */
import type { Pollutant } from '../scales/types.ts';
import type { AirBlock, Season, ThermalBlock, WindBlock } from '../stats/types.ts';

export type { AirBlock, Pollutant, Season, ThermalBlock, WindBlock };

export interface HistoricalStats {
  city?: { id: string; name: string; country: string };
  location: { address: string | null; lat: number; lon: number };
  meta: {
    dataset: 'brussels_extended' | 'belgium_lowres';
    reference_year: number;
    sampling: 'point' | 'nearest_outdoor' | 'radius';
    distance_m?: number;
    radius_m?: number;
    n_cells: number;
    hours: number;
    metrics: string[];
    generated_utc: string;
  };
  air?: AirBlock;
  wind?: WindBlock;
  thermal?: ThermalBlock;
}

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
  if (!shown.includes('air')) delete limited.air;
  if (!shown.includes('wind')) delete limited.wind;
  if (!shown.includes('thermal')) delete limited.thermal;
  return limited;
}
