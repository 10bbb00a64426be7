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
