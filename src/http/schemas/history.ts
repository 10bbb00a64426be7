import { Type } from 'typebox';
import { CityRefSchema } from '../../domain/coverage/city-resources.ts';
import { HISTORY_BASES, HISTORY_FORMATS } from '../../domain/data/history-records.ts';
import { SourcesSchema } from '../../domain/live/provenance.ts';
import { RecordsQuerySchema } from './data-query.ts';
import { HourlyRecordSchema } from './records.ts';
import { HourRangeQuery } from './stations.ts';

/** `GET /v1/history` (issue #50, additive): its query and its JSON envelope. */
export const HistoryQuerySchema = Type.Object(
  {
    ...RecordsQuerySchema.properties,
    ...HourRangeQuery,
    format: Type.Optional(
      Type.Enum(HISTORY_FORMATS, {
        description:
          'json (default), ndjson (the envelope, then a record a line) or csv (a header row, then a record a row)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const HistoryRecordSchema = Type.Object(
  {
    ...HourlyRecordSchema.properties,
    basis: Type.Enum(HISTORY_BASES, {
      description:
        'observed: stations measured the air of that hour nearby; assimilated: fed meteorology, CAMS or a reanalysis drove the model, no station; synthetic: nothing stored, the synthetic weather',
    }),
  },
  { title: 'HistoryRecord', additionalProperties: true },
);

export const HistoryResponseSchema = Type.Object(
  {
    city: CityRefSchema,
    location: Type.Object({
      address: Type.Union([Type.String(), Type.Null()]),
      lat: Type.Number(),
      lon: Type.Number(),
    }),
    meta: Type.Object({
      dataset: Type.String(),
      resolution_m: Type.Number(),
      radius_m: Type.Number(),
      from: Type.String(),
      to: Type.String(),
      hours: Type.Integer(),
      retrieved_utc: Type.String({ format: 'date-time' }),
      kept: Type.Object(
        {
          stored_from: Type.Union([Type.String(), Type.Null()]),
          stored_to: Type.Union([Type.String(), Type.Null()]),
          backfilled_year: Type.Union([Type.Integer(), Type.Null()]),
        },
        {
          description:
            'what history this place has: the stored hours (FEED_RETENTION_DAYS) and a backfilled year',
        },
      ),
      sources: SourcesSchema,
    }),
    hourly: Type.Array(HistoryRecordSchema),
  },
  { title: 'HistoryEnvelope' },
);
