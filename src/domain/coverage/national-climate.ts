import { type Static, Type } from 'typebox';
import { Errors } from 'typebox/value';

/**
 * `data/national/climate.json`: the climate the nationwide grid stands on, and every city
 * without a weather file of its own (docs/cities.md, "The national climate"). Data, not
 * code: the composition root hands it to the model, which takes its time zone, normals and
 * nationwide weather file from it.
 */
const Monthly = (description: string, minimum: number, maximum: number) =>
  Type.Array(Type.Number({ minimum, maximum }), { minItems: 12, maxItems: 12, description });
const Rose = (description: string) =>
  Type.Array(Type.Number({ minimum: 0, maximum: 100 }), { minItems: 8, maxItems: 8, description });

export const NationalClimateSchema = Type.Object(
  {
    country: Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 of the covered country' }),
    time_zone: Type.String({
      minLength: 1,
      description: 'IANA time zone of the local clock the model runs its daily and weekly cycles on',
    }),
    station: Type.String({ minLength: 1, description: 'the reference station the climate describes' }),
    reference_weather: Type.String({
      minLength: 1,
      description: "EPW file of the nationwide reference year's weather, relative to the descriptor",
    }),
    monthly_normals: Type.Object(
      {
        mean_temp_c: Monthly('mean air temperature, °C, January to December', -40, 40),
        daily_range_c: Monthly('mean daily temperature range, K', 0, 30),
        rel_humidity_pct: Monthly('mean relative humidity, %', 1, 100),
        wind_10m_ms: Monthly('mean 10 m wind speed, m/s', 0.1, 20),
        cloud_cover: Monthly('mean cloud cover, 0–1', 0.01, 0.99),
      },
      { additionalProperties: false, description: 'the climate normals the weather generator draws around' },
    ),
    wind_rose: Type.Object(
      {
        all_pct: Rose('frequency of each direction, hours ≥ 0.5 m/s'),
        strong_pct: Rose('frequency of each direction among strong winds (Atlantic depressions)'),
      },
      {
        additionalProperties: false,
        description:
          'eight sectors N, NE, E, SE, S, SW, W, NW; the generator tilts from the first to the second as the wind rises',
      },
    ),
  },
  { additionalProperties: false },
);
export type NationalClimateFile = Static<typeof NationalClimateSchema>;

/** the monthly normals, January first, as the weather generator reads them */
export interface MonthlyNormals {
  meanTempC: readonly number[];
  dailyRangeC: readonly number[];
  relHumidityPct: readonly number[];
  wind10Ms: readonly number[];
  cloud: readonly number[];
}

/** The national climate as the model takes it: plain data, so it crosses to the model's threads. */
export interface NationalClimate {
  /** IANA time zone of the country's civil clock (traffic and heating cycles, holidays) */
  timeZone: string;
  /** the reference station, for notices */
  station: string;
  monthlyNormals: MonthlyNormals;
  /** direction frequencies of eight sectors from N clockwise: all winds, and strong ones */
  windRose: { all: readonly number[]; strong: readonly number[] };
  /** EnergyPlus weather (EPW text) of the nationwide reference year */
  referenceWeatherEpw: string;
}

/** schema violations as `path: message` strings, empty when the descriptor is valid */
export function nationalClimateErrors(value: unknown): string[] {
  const errors = [...Errors(NationalClimateSchema, value)].map(
    (error) => `${error.instancePath || '/'} ${error.message}`,
  );
  if (errors.length === 0) {
    const zone = (value as NationalClimateFile).time_zone;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      errors.push(`/time_zone '${zone}' is not an IANA time zone`);
    }
  }
  return errors;
}

/** the model's view of a valid descriptor and its weather file's text */
export function nationalClimate(file: NationalClimateFile, referenceWeatherEpw: string): NationalClimate {
  const n = file.monthly_normals;
  return {
    timeZone: file.time_zone,
    station: file.station,
    monthlyNormals: {
      meanTempC: [...n.mean_temp_c],
      dailyRangeC: [...n.daily_range_c],
      relHumidityPct: [...n.rel_humidity_pct],
      wind10Ms: [...n.wind_10m_ms],
      cloud: [...n.cloud_cover],
    },
    windRose: { all: [...file.wind_rose.all_pct], strong: [...file.wind_rose.strong_pct] },
    referenceWeatherEpw,
  };
}
