import type { DataMetric } from '../coverage/cities.ts';
import type { Source } from '../live/provenance.ts';
import type { AirBlock, ThermalBlock, WindBlock } from './types.ts';

/** Which dataset answers a location: the hyper-local model inside a city's zone, the nationwide grid elsewhere. */
export type Dataset = 'brussels_extended' | 'belgium_lowres';
/**
 * The spec names two datasets: `brussels_extended` is the hyper-local model (whichever
 * city's zone it covers, imported ones included), `belgium_lowres` the nationwide grid.
 */
export const DATASETS: readonly Dataset[] = ['brussels_extended', 'belgium_lowres'];
/** the spec's name of the hyper-local dataset: an API constant, the same for every city, not a city's choice */
export const HYPER_LOCAL_DATASET: Dataset = 'brussels_extended';
/** the spec's name of the nationwide grid's dataset */
export const NATIONWIDE_DATASET: Dataset = 'belgium_lowres';
/**
 * The revision of the statistics' definitions, part of every cache key of computed
 * statistics: bumped when a figure's definition changes (2: `tropical_nights_air`, the
 * meteorological count beside the spec's UTCI one), so that no answer computed under the old one is served again.
 */
export const STATISTICS_REVISION = 2;

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
    /** the weather behind the reference year: `epw` (the city's file) or `synthetic` (additive, CONTRACT.md) */
    sources?: Source[];
    /** a city point: its buildings mapped, or estimated where the map is incomplete (docs/cities.md) */
    geometry?: 'mapped' | 'estimated';
  };
  air?: AirBlock;
  wind?: WindBlock;
  thermal?: ThermalBlock;
}
