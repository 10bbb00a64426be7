import { type TSchema, Type } from 'typebox';
import { POLLUTANTS } from '../../scales/types.ts';
import { Label, Month, NullablePct, Pct, perLabel, perMonth, Score } from '../../stats/block-schemas.ts';
import { AIR_BELAQI } from './scales.ts';

const Pollutant = Type.Enum(POLLUTANTS, { description: 'no2, pm25 or pm10' });

function perPollutant<T extends TSchema>(value: T, description: string) {
  return Type.Object({ no2: value, pm25: value, pm10: value }, { description });
}

/** The air block of the historical statistics (docs/scoring.md). */
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
