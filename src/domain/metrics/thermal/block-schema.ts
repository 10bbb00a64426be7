import { Type } from 'typebox';
import { Label, NullablePct, Pct, perMonth, perSeason, Score, Season } from '../../stats/block-schemas.ts';

const Celsius = (description: string) => Type.Number({ description: `${description}, °C` });

/** The thermal block of the historical statistics (docs/scoring.md). */
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
