/**
 * The air block of the historical statistics (BelAQI over the reference year).
 *
 * The hourly value of an area: each sampled cell's BelAQI index for the hour (the worst
 * of NO2, PM2.5 and PM10, via belaqiCode), then the mean of those indices over the cells
 * that have one, rounded half up to a whole class. The hour's dominant pollutant is the
 * one that dominated the most cells (ties: NO2, PM2.5, PM10). An hour in which no cell
 * has a valid reading is not graded. Annual means pool every valid cell-hour.
 */

import { POLLUTANTS } from '../../scales/types.ts';
import { isLocalDaytime, type LocalCalendar, localCalendar } from '../../stats/local-time.ts';
import {
  CONCENTRATION_DECIMALS,
  PCT_DECIMALS,
  perMonth,
  roundTo,
  SCORE_DECIMALS,
  sharePct,
} from '../../stats/publication.ts';
import { scoreLabel } from '../../stats/score-label.ts';
import type { PerPollutant, StatsInput } from '../../stats/types.ts';
import { AIR_BELAQI } from './scales.ts';
import { pollutantSubscore } from './score.ts';
import { type AirTallies, meanConcentration, tallyAir } from './tallies.ts';
import type { AirBlock, AirColumns, AirReference } from './types.ts';

/** BelAQI classes counted as good air. */
export const GOOD_AIR_MAX_CLASS = 4;

const CLASS_LABELS = AIR_BELAQI.classes.map((entry) => entry.label);

function firstOfMax(counts: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
  return best;
}

/** Month (1–12) whose published share is highest (or lowest); ties go to the earlier month. */
function extremeMonth(shares: Record<string, number | null>, pick: 'best' | 'worst'): number | null {
  let found: number | null = null;
  let foundShare = 0;
  for (let month = 1; month <= 12; month++) {
    const share = shares[String(month)];
    if (share === null || share === undefined) continue;
    const better = pick === 'best' ? share > foundShare : share < foundShare;
    if (found === null || better) {
      found = month;
      foundShare = share;
    }
  }
  return found;
}

export function computeAirBlock(input: StatsInput<AirColumns>, reference?: AirReference): AirBlock | null {
  const tallies = tallyAir(input.cells, input.hours.length);
  return airBlockFromTallies(input.hours, tallies, reference, input.calendar);
}

/** The air block from the tallies of all of a location's cells (metrics/air/tallies.ts). */
export function airBlockFromTallies(
  hours: Float64Array,
  tallies: AirTallies,
  reference?: AirReference,
  calendar: LocalCalendar = localCalendar(hours),
): AirBlock | null {
  const classHours = new Array<number>(11).fill(0);
  const dominantHours = [0, 0, 0];
  const monthGraded = new Array<number>(13).fill(0);
  const monthGood = new Array<number>(13).fill(0);
  let graded = 0;
  let good = 0;
  let dayGraded = 0;
  let dayGood = 0;
  let nightGraded = 0;
  let nightGood = 0;
  const cellDominants = [0, 0, 0];
  for (let i = 0; i < hours.length; i++) {
    const cellsGraded = tallies.graded[i]!;
    if (cellsGraded === 0) continue;
    // mean class rounded half up, in integers: floor(sum / n + 1/2)
    const hourClass = Math.floor((2 * tallies.classSum[i]! + cellsGraded) / (2 * cellsGraded));
    const isGood = hourClass <= GOOD_AIR_MAX_CLASS ? 1 : 0;
    graded++;
    good += isGood;
    classHours[hourClass]!++;
    cellDominants[0] = tallies.dominant[3 * i]!;
    cellDominants[1] = tallies.dominant[3 * i + 1]!;
    cellDominants[2] = tallies.dominant[3 * i + 2]!;
    dominantHours[firstOfMax(cellDominants)]!++;
    const month = calendar.month[i]!;
    monthGraded[month]!++;
    monthGood[month]! += isGood;
    if (isLocalDaytime(calendar.hour[i]!)) {
      dayGraded++;
      dayGood += isGood;
    } else {
      nightGraded++;
      nightGood += isGood;
    }
  }
  if (graded === 0) return null;

  const pct = (count: number) => sharePct(count, graded)!;
  const annualMean = {} as PerPollutant<number | null>;
  const subscores = {} as PerPollutant<number | null>;
  POLLUTANTS.forEach((pollutant, p) => {
    const exact = meanConcentration(tallies, p);
    const mean = exact === null ? null : roundTo(exact, CONCENTRATION_DECIMALS);
    annualMean[pollutant] = mean;
    // read on the ladder from the published mean, so a reader can check it against docs/scoring.md
    subscores[pollutant] = mean === null ? null : pollutantSubscore(pollutant, mean);
  });
  const scored = POLLUTANTS.filter((pollutant) => subscores[pollutant] !== null);
  const score = Math.min(...scored.map((pollutant) => subscores[pollutant]!));
  const limiting = scored.filter((pollutant) => subscores[pollutant] === score);
  const goodPct = pct(good);
  const monthly = perMonth((month) => sharePct(monthGood[month]!, monthGraded[month]!));

  const block: AirBlock = {
    rating: roundTo(goodPct / 10, SCORE_DECIMALS),
    score,
    label: scoreLabel(score),
    hours_graded: graded,
    annual_mean_ugm3: annualMean,
    pollutant_scores: subscores,
    limiting_pollutants: limiting,
    limiting_pollutant: limiting[0]!,
    distribution_pct: Object.fromEntries(
      CLASS_LABELS.map((label, index) => [label, pct(classHours[index + 1]!)]),
    ),
    grouped_pct: {
      g12: pct(classHours[1]! + classHours[2]!),
      g34: pct(classHours[3]! + classHours[4]!),
      g56: pct(classHours[5]! + classHours[6]!),
      g710: pct(classHours[7]! + classHours[8]! + classHours[9]! + classHours[10]!),
    },
    good_pct: goodPct,
    day_good_pct: sharePct(dayGood, dayGraded),
    night_good_pct: sharePct(nightGood, nightGraded),
    monthly_good_pct: monthly,
    best_month: extremeMonth(monthly, 'best'),
    worst_month: extremeMonth(monthly, 'worst'),
    dominant_pollutant: POLLUTANTS[firstOfMax(dominantHours)]!,
    pollutant_share_pct: {
      no2: pct(dominantHours[0]!),
      pm25: pct(dominantHours[1]!),
      pm10: pct(dominantHours[2]!),
    },
  };
  if (reference) {
    block.benchmark = {
      good_pct: roundTo(reference.good_pct, PCT_DECIMALS),
      n_locations: reference.n_locations,
      difference_pct: roundTo(goodPct - reference.good_pct, PCT_DECIMALS),
    };
  }
  return block;
}
