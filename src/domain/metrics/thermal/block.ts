/**
 * The thermal block of the historical statistics. The hourly series of an area is the
 * mean UTCI over the sampled cells. Comfortable means the UTCI "no thermal stress" class
 * (above 9, up to 26 °C); acceptable means slight cold to moderate heat stress (above 0,
 * up to 32 °C); both are read from the thermal-utci scale through utciClass. Days,
 * nights, months and seasons are local (Europe/Brussels); a record belongs to the local
 * date its hour starts on.
 */

import { areaMeanSeries } from '../../stats/area-mean.ts';
import { isLocalDaytime, localCalendar, SEASONS } from '../../stats/local-time.ts';
import {
  perMonth,
  roundTo,
  SCORE_DECIMALS,
  sharePct,
  TEMPERATURE_DECIMALS,
} from '../../stats/publication.ts';
import { scoreLabel } from '../../stats/score-label.ts';
import type { PerSeason, Season, StatsInput } from '../../stats/types.ts';
import { seasonSubscore, TROPICAL_NIGHT_MIN_AIR_C, TROPICAL_NIGHT_MIN_UTCI_C } from './score.ts';
import type { ThermalBlock, ThermalColumns, ThermalReference } from './types.ts';
import { utciClass } from './utci-class.ts';

const COMFORTABLE_CLASS = 6;
const ACCEPTABLE_CLASSES = [5, 6, 7];
/** Strong heat stress and worse: UTCI above 32 °C. */
const STRONG_HEAT_CLASS = 8;
/** Seasons people are rated on; winter is reported but never rated. */
export const OUTDOOR_SEASONS: readonly Season[] = ['spring', 'summer', 'autumn'];

function perSeason<T>(value: (season: Season, index: number) => T): PerSeason<T> {
  return Object.fromEntries(SEASONS.map((season, index) => [season, value(season, index)])) as PerSeason<T>;
}

/** Seasons whose value equals the lowest among those with a value, in calendar order. */
function lowest(values: PerSeason<number | null>, among: readonly Season[]): Season[] {
  const present = among.filter((season) => values[season] !== null);
  const minimum = Math.min(...present.map((season) => values[season]!));
  return present.filter((season) => values[season] === minimum);
}

export function computeThermalBlock(
  input: StatsInput<ThermalColumns>,
  reference?: ThermalReference,
): ThermalBlock | null {
  const { hours, cells } = input;
  const calendar = input.calendar ?? localCalendar(hours);
  const utci = areaMeanSeries(cells, 'utci', hours.length);
  const airTemp = areaMeanSeries(cells, 'airTempC', hours.length);

  const dayHours = [0, 0, 0, 0];
  const dayComfortable = [0, 0, 0, 0];
  const dayAcceptable = [0, 0, 0, 0];
  const monthSum = new Array<number>(13).fill(0);
  const monthCount = new Array<number>(13).fill(0);
  const dailyMax = new Map<number, number>();
  /** the lowest UTCI of each night: the spec's `tropical_nights` */
  const nightlyMin = new Map<number, number>();
  /** the lowest air temperature of each night: the meteorological tropical night */
  const nightlyMinAir = new Map<number, number>();
  let valid = 0;
  let comfortable = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let summerNightSum = 0;
  let summerNightCount = 0;

  for (let i = 0; i < hours.length; i++) {
    const air = airTemp[i]!;
    if (!isLocalDaytime(calendar.hour[i]!) && Number.isFinite(air)) {
      const night = calendar.night[i]!;
      nightlyMinAir.set(night, Math.min(nightlyMinAir.get(night) ?? Number.POSITIVE_INFINITY, air));
    }
    const value = utci[i]!;
    const stressClass = utciClass(value);
    if (stressClass === null) continue;
    valid++;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
    const isComfortable = stressClass === COMFORTABLE_CLASS;
    if (isComfortable) comfortable++;
    const season = calendar.season[i]!;
    const month = calendar.month[i]!;
    monthSum[month]! += value;
    monthCount[month]!++;
    const day = calendar.day[i]!;
    dailyMax.set(day, Math.max(dailyMax.get(day) ?? Number.NEGATIVE_INFINITY, value));
    if (isLocalDaytime(calendar.hour[i]!)) {
      dayHours[season]!++;
      if (isComfortable) dayComfortable[season]!++;
      if (ACCEPTABLE_CLASSES.includes(stressClass)) dayAcceptable[season]!++;
    } else {
      const night = calendar.night[i]!;
      nightlyMin.set(night, Math.min(nightlyMin.get(night) ?? Number.POSITIVE_INFINITY, value));
      if (SEASONS[season] === 'summer') {
        summerNightSum += value;
        summerNightCount++;
      }
    }
  }
  const comfortPct = perSeason((_, s) => sharePct(dayComfortable[s]!, dayHours[s]!));
  const acceptablePct = perSeason((_, s) => sharePct(dayAcceptable[s]!, dayHours[s]!));
  const ratedSeasons = OUTDOOR_SEASONS.filter((season) => comfortPct[season] !== null);
  if (valid === 0 || ratedSeasons.length === 0) return null;

  const ratingLimiting = lowest(comfortPct, OUTDOOR_SEASONS);
  const subscores = perSeason((season) =>
    acceptablePct[season] === null ? null : seasonSubscore(season, acceptablePct[season]),
  );
  const limiting = lowest(subscores, SEASONS);
  const score = subscores[limiting[0]!]!;
  let strongHeatDays = 0;
  for (const dayMax of dailyMax.values()) if (utciClass(dayMax)! >= STRONG_HEAT_CLASS) strongHeatDays++;
  let tropicalNights = 0;
  for (const nightMin of nightlyMin.values()) if (nightMin > TROPICAL_NIGHT_MIN_UTCI_C) tropicalNights++;
  let tropicalNightsAir = 0;
  for (const nightMin of nightlyMinAir.values())
    if (nightMin >= TROPICAL_NIGHT_MIN_AIR_C) tropicalNightsAir++;
  const summerNightMean = summerNightCount > 0 ? summerNightSum / summerNightCount : null;
  const temperature = (value: number) => roundTo(value, TEMPERATURE_DECIMALS);

  const block: ThermalBlock = {
    rating: roundTo(comfortPct[ratingLimiting[0]!]! / 10, SCORE_DECIMALS),
    score,
    label: scoreLabel(score),
    seasonal_comfort_pct: comfortPct,
    rating_limiting_seasons: ratingLimiting,
    rating_limiting_season: ratingLimiting[0]!,
    seasonal_acceptable_pct: acceptablePct,
    limiting_seasons: limiting,
    limiting_season: limiting[0]!,
    summer_day_comfort_pct: comfortPct.summer,
    strong_heat_stress_days: strongHeatDays,
    tropical_nights: tropicalNights,
    tropical_nights_air: tropicalNightsAir,
    summer_night_mean_utci_c: summerNightMean === null ? null : temperature(summerNightMean),
    comfort_pct: sharePct(comfortable, valid)!,
    mean_utci_c: temperature(sum / valid),
    min_utci_c: temperature(min),
    max_utci_c: temperature(max),
    monthly_mean_utci_c: perMonth((month) =>
      monthCount[month]! > 0 ? temperature(monthSum[month]! / monthCount[month]!) : null,
    ),
  };
  if (reference && summerNightMean !== null) {
    block.summer_night_vs_city_c = temperature(summerNightMean - reference.summer_night_mean_utci_c);
  }
  return block;
}
