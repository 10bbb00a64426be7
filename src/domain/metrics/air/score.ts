/**
 * The air score: each pollutant's annual mean read on a ladder built from the WHO 2021
 * global air quality guidelines (annual AQG and interim targets, DOMAIN.md §4.1). The
 * same WHO level gives the same subscore for every pollutant: AQG 10, IT-4 8, IT-3 6,
 * IT-2 4, IT-1 2, and 0 at twice IT-1. Between anchors the subscore is linear; at or
 * below the AQG it is 10, at or above the last anchor 0. NO2 has no IT-4, so its ladder
 * runs straight from the AQG to IT-3.
 */
import type { Pollutant } from '../../scales/types.ts';
import { roundTo, SCORE_DECIMALS } from '../../stats/publication.ts';

/** (annual mean µg/m3, subscore) anchors, ascending concentration. */
export const WHO_ANNUAL_LADDERS: Readonly<Record<Pollutant, ReadonlyArray<readonly [number, number]>>> = {
  no2: [
    [10, 10],
    [20, 6],
    [30, 4],
    [40, 2],
    [80, 0],
  ],
  pm25: [
    [5, 10],
    [10, 8],
    [15, 6],
    [25, 4],
    [35, 2],
    [70, 0],
  ],
  pm10: [
    [15, 10],
    [20, 8],
    [30, 6],
    [50, 4],
    [70, 2],
    [140, 0],
  ],
};

/** Subscore 0–10 (published precision) of one pollutant's annual mean. */
export function pollutantSubscore(pollutant: Pollutant, annualMean: number): number {
  const ladder = WHO_ANNUAL_LADDERS[pollutant];
  const first = ladder[0]!;
  if (annualMean <= first[0]) return first[1];
  for (let i = 1; i < ladder.length; i++) {
    const [upper, upperScore] = ladder[i]!;
    if (annualMean <= upper) {
      const [lower, lowerScore] = ladder[i - 1]!;
      const fraction = (annualMean - lower) / (upper - lower);
      return roundTo(lowerScore + fraction * (upperScore - lowerScore), SCORE_DECIMALS);
    }
  }
  return 0;
}
