import { type Static, Type } from 'typebox';
import { CityRefSchema } from '../coverage/city-resources.ts';
import { DATA_METRICS } from '../coverage/vocabulary.ts';
import { GeometrySchema, SourcesSchema } from '../live/provenance.ts';

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
 * What the spec's "Historical statistics" resource holds besides the metrics' blocks: the
 * city, the location and how the statistics were made. The resource's schema adds one
 * optional block per registered metric (historical-stats.ts); a metric's report section
 * reads this envelope and its own block.
 */
export const STATS_ENVELOPE_PROPERTIES = {
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
};

export const StatsEnvelopeSchema = Type.Object(STATS_ENVELOPE_PROPERTIES);
export type StatsEnvelope = Static<typeof StatsEnvelopeSchema>;
