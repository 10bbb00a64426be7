import { type TSchema, Type } from 'typebox';
import { AIR_BELAQI } from '../scales/air.ts';
import { POLLUTANTS } from '../scales/types.ts';
import { WIND_COMFORT_STANDARD } from '../scales/wind.ts';

/**
 * The air, wind and thermal blocks of the historical statistics, written once as
 * schemas: the statistics engine builds blocks of these types (stats/types.ts), and
 * GET /historical/stats validates, serialises and documents them with the same schemas.
 * Rounding (docs/scoring.md): percentages, scores and ratings 1 decimal; speeds 2;
 * temperatures and concentrations 1.
 */

const Score = (description: string) => Type.Number({ minimum: 0, maximum: 10, description });
const Pct = (description: string) => Type.Number({ minimum: 0, maximum: 100, description });
const NullablePct = (description: string) => Type.Union([Pct(description), Type.Null()], { description });
export const ScoreLabelSchema = Type.Enum(['Excellent', 'Very good', 'Good', 'Moderate', 'Poor', 'Bad'], {
  description: 'consumer label of the score (docs/scoring.md)',
});
const Label = ScoreLabelSchema;
const Pollutant = Type.Enum(POLLUTANTS, { description: 'no2, pm25 or pm10' });
export const SeasonSchema = Type.Enum(['winter', 'spring', 'summer', 'autumn'], {
  description: 'meteorological season, local time: DJF, MAM, JJA, SON',
});
const Season = SeasonSchema;
const Month = Type.Integer({ minimum: 1, maximum: 12, description: 'local calendar month' });

function perPollutant<T extends TSchema>(value: T, description: string) {
  return Type.Object({ no2: value, pm25: value, pm10: value }, { description });
}
function perSeason<T extends TSchema>(value: T, description: string) {
  return Type.Object({ winter: value, spring: value, summer: value, autumn: value }, { description });
}
function perMonth<T extends TSchema>(value: T, description: string) {
  const months: Record<string, T> = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [String(i + 1), value]),
  );
  return Type.Object(months, { description: `${description}; keys "1" to "12", local months` });
}
function perLabel(labels: readonly string[], description: string) {
  return Type.Object(Object.fromEntries(labels.map((label) => [label, Pct(label)])), { description });
}

export const AirBlockSchema = Type.Object(
  {
    rating: Score('share of graded hours at BelAQI class 4 or better, divided by 10'),
    score: Score('WHO 2021 ladders: each pollutant’s annual mean on its own ladder, the worst decides'),
    label: Label,
    hours_graded: Type.Integer({ minimum: 0, description: 'hours with valid air data' }),
    annual_mean_ugm3: perPollutant(
      Type.Union([Type.Number(), Type.Null()]),
      'annual means in µg/m3; null for a pollutant without data',
    ),
    pollutant_scores: perPollutant(
      Type.Union([Score('subscore'), Type.Null()]),
      'per-pollutant subscore 0 to 10; the score is the lowest',
    ),
    limiting_pollutants: Type.Array(Pollutant, {
      minItems: 1,
      description: 'every pollutant on the lowest subscore, ordered NO2, PM2.5, PM10',
    }),
    limiting_pollutant: Pollutant,
    distribution_pct: perLabel(
      AIR_BELAQI.classes.map((entry) => entry.label),
      'share of graded hours per BelAQI class, keyed by class label',
    ),
    grouped_pct: Type.Object(
      {
        g12: Pct('classes 1-2'),
        g34: Pct('classes 3-4'),
        g56: Pct('classes 5-6'),
        g710: Pct('classes 7-10'),
      },
      { description: 'shares of graded hours in four bands' },
    ),
    good_pct: Pct('share of graded hours at class 1 to 4'),
    day_good_pct: NullablePct('good-air share of local hours 08:00 to 20:00'),
    night_good_pct: NullablePct('good-air share of local hours 20:00 to 08:00'),
    monthly_good_pct: perMonth(NullablePct('good-air share'), 'good-air share per month'),
    best_month: Type.Union([Month, Type.Null()], { description: 'month with the highest good-air share' }),
    worst_month: Type.Union([Month, Type.Null()], { description: 'month with the lowest good-air share' }),
    dominant_pollutant: Pollutant,
    pollutant_share_pct: perPollutant(Pct('share'), 'share of graded hours each pollutant dominated'),
    benchmark: Type.Optional(
      Type.Object(
        {
          good_pct: Pct('mean good-air share over the city-centre reference locations'),
          n_locations: Type.Integer({ minimum: 1, description: 'reference locations averaged' }),
          difference_pct: Type.Number({
            description: 'this location’s good_pct minus the benchmark, points',
          }),
        },
        { description: 'city-centre reference; omitted when unavailable' },
      ),
    ),
  },
  { title: 'AirStatistics', description: 'BelAQI statistics over the reference year.' },
);

const Speed = (description: string) => Type.Number({ minimum: 0, description: `${description}, m/s` });

export const WindBlockSchema = Type.Object(
  {
    rating: Score('minimum of the score and the worst-moment ladder'),
    score: Score('City of London / Lawson exceedance method on the effective speed'),
    label: Label,
    distribution_pct: perLabel(
      WIND_COMFORT_STANDARD.classes.map((entry) => entry.label),
      'share of hours per comfort class, keyed by class label',
    ),
    calm_pct: Pct('share of hours in class 1, Calm'),
    eff_mean_ms: Speed('annual mean of the hourly effective speed max(Ucomfort, Ugust / 1.85)'),
    worst_moment_ms: Speed('windiest hour as effective speed'),
    worst_moment_hours: Type.Integer({ minimum: 1, description: 'hours within 0.5 m/s of the worst moment' }),
    exceedance_pct: Type.Object(
      {
        above_frequent_sitting: Pct('effective speed above 2.5 m/s'),
        slightly_windy_or_worse: Pct('class 2 or worse'),
        windy_or_worse: Pct('class 3 or worse'),
        very_windy_or_worse: Pct('class 4 or worse'),
        danger: Pct('class 5'),
      },
      { description: 'cumulative share of hours above each threshold' },
    ),
    mean_ucomfort_ms: Speed('annual mean pedestrian wind speed'),
    p95_ucomfort_ms: Speed('95th percentile of pedestrian wind speed'),
    max_gust_ms: Speed('maximum gust'),
    monthly_mean_ucomfort_ms: perMonth(
      Type.Union([Speed('mean'), Type.Null()]),
      'mean pedestrian wind speed per month',
    ),
  },
  { title: 'WindStatistics', description: 'Pedestrian wind comfort statistics over the reference year.' },
);

const Celsius = (description: string) => Type.Number({ description: `${description}, °C` });

export const ThermalBlockSchema = Type.Object(
  {
    rating: Score('comfortable daytime share of the weakest outdoor season, divided by 10'),
    score: Score('lowest seasonal subscore of the acceptable daytime share'),
    label: Label,
    seasonal_comfort_pct: perSeason(
      NullablePct('comfortable daytime share'),
      'comfortable (9 to 26 °C) daytime share',
    ),
    rating_limiting_seasons: Type.Array(Season, {
      minItems: 1,
      description: 'outdoor seasons tied on the weakest comfortable share',
    }),
    rating_limiting_season: Season,
    seasonal_acceptable_pct: perSeason(
      NullablePct('acceptable daytime share'),
      'acceptable (0 to 32 °C) daytime share; null for a season absent from the dataset',
    ),
    limiting_seasons: Type.Array(Season, { minItems: 1, description: 'seasons on the lowest subscore' }),
    limiting_season: Season,
    summer_day_comfort_pct: NullablePct('share of summer daytime hours in the comfort band'),
    strong_heat_stress_days: Type.Integer({
      minimum: 0,
      description: 'local days whose maximum UTCI exceeds 32 °C',
    }),
    tropical_nights: Type.Integer({
      minimum: 0,
      description: 'nights (20:00 to 08:00 local) whose minimum UTCI stays above 20 °C',
    }),
    tropical_nights_air: Type.Integer({
      minimum: 0,
      description:
        'nights (20:00 to 08:00 local) whose minimum air temperature stays at or above 20 °C: the meteorological tropical night, which reports print (an addition to the spec)',
    }),
    summer_night_mean_utci_c: Type.Union([Celsius('mean UTCI over summer night hours'), Type.Null()]),
    summer_night_vs_city_c: Type.Optional(
      Celsius('summer-night mean here minus that of the coverage area; positive is warmer'),
    ),
    comfort_pct: Pct('share of all hours in the comfort band'),
    mean_utci_c: Celsius('annual mean'),
    min_utci_c: Celsius('annual minimum'),
    max_utci_c: Celsius('annual maximum'),
    monthly_mean_utci_c: perMonth(Type.Union([Celsius('mean'), Type.Null()]), 'mean UTCI per month'),
  },
  { title: 'ThermalStatistics', description: 'UTCI thermal comfort statistics over the reference year.' },
);
