import { type Static, Type } from 'typebox';
import { CityRefSchema } from '../coverage/city-resources.ts';
import { DATA_METRICS } from '../coverage/vocabulary.ts';
import { GeometrySchema, SourcesSchema } from '../live/provenance.ts';
import { AirBlockSchema, ThermalBlockSchema, WindBlockSchema } from './block-schemas.ts';

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
 * engine's air, wind and thermal blocks, written once as a schema. One type for the
 * service that builds it (GET /historical/stats) and the reports that explain it; the
 * route validates, serialises and documents it with the same schema.
 */
export const HistoricalStatsSchema = Type.Object(
  {
    city: Type.Optional(CityRefSchema),
    location: Type.Object(
      {
        address: Type.Union([Type.String(), Type.Null()], {
          description: 'resolved address; null for raw coordinates',
        }),
        lat: Type.Number(),
        lon: Type.Number(),
      },
      { description: 'location as used (coordinates rounded to 5 decimals)' },
    ),
    meta: Type.Object(
      {
        dataset: Type.Enum(DATASETS, { description: 'which dataset answered' }),
        reference_year: Type.Integer({ description: 'year the statistics describe' }),
        sampling: Type.Enum(['point', 'nearest_outdoor', 'radius'], { description: 'how cells were chosen' }),
        distance_m: Type.Optional(Type.Number({ minimum: 0, description: 'only for nearest_outdoor' })),
        radius_m: Type.Optional(Type.Number({ description: 'only when a radius was supplied' })),
        n_cells: Type.Integer({ minimum: 0, description: 'outdoor grid cells averaged' }),
        hours: Type.Integer({ minimum: 0, description: 'hourly records in the reference year' }),
        metrics: Type.Array(Type.Enum(DATA_METRICS), { description: 'the metrics returned' }),
        generated_utc: Type.String({ format: 'date-time', description: 'when the statistics were computed' }),
        sources: Type.Optional(SourcesSchema),
        geometry: Type.Optional(GeometrySchema),
      },
      { description: 'how the statistics were made' },
    ),
    air: Type.Optional(AirBlockSchema),
    wind: Type.Optional(WindBlockSchema),
    thermal: Type.Optional(ThermalBlockSchema),
  },
  {
    title: 'HistoricalStats',
    description: 'Annual statistics over the reference year for one location.',
  },
);
export type HistoricalStats = Static<typeof HistoricalStatsSchema>;
