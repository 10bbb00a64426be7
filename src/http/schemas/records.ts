import { Type } from 'typebox';
import { CityRefSchema } from '../../domain/coverage/city-resources.ts';
import { GeometrySchema, SourcesSchema } from '../../domain/live/provenance.ts';
import { NearestStationSchema } from './stations.ts';

const Num = (description: string) => Type.Optional(Type.Number({ description }));

export const HourlyRecordSchema = Type.Object(
  {
    hour: Type.String({ format: 'date-time', description: 'hour of the record, ISO 8601 UTC' }),
    timestamp: Type.String({
      pattern: '^\\d+$',
      description: 'same instant as epoch milliseconds, as a string',
    }),
    c: Num('NO2, µg/m3'),
    c_pm25: Num('PM2.5, µg/m3'),
    c_pm10: Num('PM10, µg/m3'),
    c_o3: Num('ozone, µg/m3'),
    ucomfort: Num('pedestrian-level mean comfort wind speed, m/s'),
    ugust: Num('pedestrian-level gust speed, m/s'),
    utci: Num('UTCI, °C'),
    air_temp_c: Num('air temperature at 2 m, °C'),
    rel_humidity_pct: Num('relative humidity, %'),
    wind_10m_ms: Num('reference wind speed at 10 m, m/s'),
    wind_dir_deg: Num('reference wind direction (from), degrees'),
  },
  { title: 'HourlyRecord', additionalProperties: true },
);

export const RecordsResponseSchema = Type.Object(
  {
    city: CityRefSchema,
    location: Type.Object({
      address: Type.Union([Type.String(), Type.Null()]),
      lat: Type.Number(),
      lon: Type.Number(),
    }),
    meta: Type.Object({
      dataset: Type.Enum(['brussels_extended', 'belgium_lowres'], {
        description: 'which dataset answered: brussels_extended is the hyper-local model of any city',
      }),
      resolution_m: Type.Number(),
      radius_m: Type.Number(),
      hours: Type.Integer(),
      retrieved_utc: Type.String({ format: 'date-time' }),
      sources: Type.Optional(SourcesSchema),
      geometry: Type.Optional(GeometrySchema),
      nearest_station: Type.Optional(NearestStationSchema),
    }),
    hourly: Type.Array(HourlyRecordSchema),
  },
  { title: 'RecordEnvelope' },
);
