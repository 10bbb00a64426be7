import { Type } from 'typebox';

/**
 * `/v1/stations`, `/v1/stations/{id}/history` and `meta.nearest_station` (issue #50,
 * additive to the specification): one schema per shape, for validation, serialisation,
 * the types and the OpenAPI document.
 */
const value = (what: string) => Type.Optional(Type.Number({ description: `${what}, µg/m3` }));
export const PollutantValuesSchema = Type.Object(
  { no2: value('NO2'), pm25: value('PM2.5'), pm10: value('PM10'), o3: value('ozone') },
  { title: 'PollutantValues', additionalProperties: false },
);
const Hour = Type.String({ description: 'ISO 8601 UTC hour (the hour the values describe, starting then)' });

const StationFields = {
  id: Type.String({ description: "the provider's station code (IRCEL-CELINE: EoI code, e.g. 41R012)" }),
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  type: Type.Enum(['background', 'traffic', 'industrial', 'unknown'], {
    description: "the station's class; `unknown` while the feeds do not publish it",
  }),
  pollutants: Type.Array(Type.Enum(['no2', 'pm25', 'pm10', 'o3']), { description: 'what it measures' }),
  city: Type.Union([Type.String(), Type.Null()], {
    description: 'the high-resolution city it stands in; null: the nationwide grid answers there',
  }),
};

export const StationSchema = Type.Object(
  {
    ...StationFields,
    latest: Type.Union(
      [
        Type.Object({
          hour: Hour,
          measured: PollutantValuesSchema,
          modelled: Type.Object(PollutantValuesSchema.properties, {
            additionalProperties: false,
            description:
              "what the service answers at the station's place for the same hour (the real-time records' mean over its 10 m footprint)",
          }),
        }),
        Type.Null(),
      ],
      { description: 'the newest measured hour of the last 30; null when none' },
    ),
  },
  { title: 'Station' },
);

export const StationsResponseSchema = Type.Object(
  {
    retrieved_utc: Type.String({ format: 'date-time' }),
    attribution: Type.String(),
    stations: Type.Array(StationSchema),
  },
  { title: 'StationList' },
);

export const StationHistoryResponseSchema = Type.Object(
  {
    station: Type.Object(StationFields, { title: 'StationRef' }),
    from: Hour,
    to: Hour,
    attribution: Type.String(),
    hourly: Type.Array(
      Type.Object({
        hour: Type.String({ format: 'date-time' }),
        timestamp: Type.String({ pattern: '^\\d+$', description: 'epoch milliseconds, as a string' }),
        ...PollutantValuesSchema.properties,
      }),
      { description: 'the measured hours in the range, ascending; an hour nothing was measured is absent' },
    ),
  },
  { title: 'StationHistory' },
);

export const NearestStationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    distance_m: Type.Integer({ description: "from the answer's location, metres" }),
    latest: Type.Union([Type.Object({ hour: Hour, measured: PollutantValuesSchema }), Type.Null()]),
  },
  {
    title: 'NearestStation',
    description:
      'the measuring station nearest the location, when the station feed is on (beyond the specification)',
  },
);

export const StationsQuerySchema = Type.Object(
  {
    city: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'only the stations inside this city' }),
    ),
  },
  { additionalProperties: false },
);

export const HourRangeQuery = {
  from: Type.String({ maxLength: 40, description: 'first hour, ISO 8601 UTC (e.g. 2026-12-01T00:00Z)' }),
  to: Type.String({ maxLength: 40, description: 'last hour, included; at most 31 days after `from`' }),
};

export const StationHistoryQuerySchema = Type.Object(HourRangeQuery, { additionalProperties: false });
export const StationParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' }),
});
