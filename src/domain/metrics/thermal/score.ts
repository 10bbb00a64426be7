/**
 * Thermal scoring. Each season's acceptable daytime share (UTCI above 0 and up to 32 °C,
 * 08:00 to 20:00 local) becomes a subscore through that season's two anchors: 0 at or
 * below the floor share, 10 at or above the target share, linear between. Winter's
 * anchors are lower because a Belgian winter day is rarely above 0 °C UTCI in the open;
 * spring and autumn expect most daytime hours to be acceptable. Summer's are narrow and
 * high because what makes a summer day unacceptable is heat stress (UTCI above 32 °C),
 * which even a sun-baked square reaches on a few percent of its daytime hours: with 50–95
 * it could never limit the score, and a shaded park rated below the hottest paved square
 * (docs/scoring.md, seasonal subscores). The lowest subscore of the seasons present is
 * the score.
 */
import { roundTo, SCORE_DECIMALS } from '../../stats/publication.ts';
import type { PerSeason } from '../../stats/types.ts';

export const SEASON_ANCHORS: Readonly<PerSeason<{ floorPct: number; targetPct: number }>> = {
  winter: { floorPct: 10, targetPct: 70 },
  spring: { floorPct: 50, targetPct: 95 },
  summer: { floorPct: 85, targetPct: 99 },
  autumn: { floorPct: 50, targetPct: 95 },
};

export function seasonSubscore(season: keyof typeof SEASON_ANCHORS, acceptablePct: number): number {
  const { floorPct, targetPct } = SEASON_ANCHORS[season];
  const fraction = Math.min(1, Math.max(0, (acceptablePct - floorPct) / (targetPct - floorPct)));
  return roundTo(10 * fraction, SCORE_DECIMALS);
}

/**
 * A night is tropical when its air temperature stays at or above this value all night:
 * the meteorological definition (minimum temperature ≥ 20 °C, as KMI/IRM, Météo-France
 * and the WMO climate indices use it). Reports print this count (`tropical_nights_air`).
 */
export const TROPICAL_NIGHT_MIN_AIR_C = 20;

/**
 * The spec's `tropical_nights`: nights (20:00 to 08:00 local) whose minimum UTCI stays
 * above this value. It is the felt-temperature count the API contract defines, kept as it
 * is; the meteorological count is the additive `tropical_nights_air`.
 */
export const TROPICAL_NIGHT_MIN_UTCI_C = 20;
