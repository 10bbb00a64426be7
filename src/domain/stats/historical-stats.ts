import type { DataMetric } from '../coverage/cities.ts';
import type { AirBlock, ThermalBlock, WindBlock } from './types.ts';

/** Which dataset answers a location: the hyper-local model inside a city's zone, the nationwide grid elsewhere. */
export type Dataset = 'brussels_extended' | 'belgium_lowres';

/**
 * The spec's "Historical statistics" resource: the envelope around the statistics
 * engine's air, wind and thermal blocks. One type for the service that builds it
 * (GET /historical/stats) and the reports that explain it; the route's schema
 * (http/schemas/historical.ts) describes the same shape, held to it at compile time by
 * http/schema-agreement.ts.
 */
export interface HistoricalStats {
  city?: { id: string; name: string; country: string };
  location: { address: string | null; lat: number; lon: number };
  meta: {
    dataset: Dataset;
    reference_year: number;
    sampling: 'point' | 'nearest_outdoor' | 'radius';
    distance_m?: number;
    radius_m?: number;
    n_cells: number;
    hours: number;
    metrics: DataMetric[];
    generated_utc: string;
  };
  air?: AirBlock;
  wind?: WindBlock;
  thermal?: ThermalBlock;
}
