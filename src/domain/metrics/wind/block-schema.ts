import { Type } from 'typebox';
import { Label, Pct, perLabel, perMonth, Score } from '../../stats/block-schemas.ts';
import { WIND_COMFORT_STANDARD } from './scales.ts';

const Speed = (description: string) => Type.Number({ minimum: 0, description: `${description}, m/s` });

/** The wind block of the historical statistics (docs/scoring.md). */
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
