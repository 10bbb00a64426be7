import type { Background } from '../compute/background.ts';
import type { Morphology } from '../morphology/morphology.ts';

/**
 * What a measuring station stands for (issue #46 item 2): a `traffic` station samples a
 * street's own increment, a `background` one the air a district shares. RIO (IRCEL's
 * interpolation) builds its background field from background stations only and adds the
 * street increments after; a kerbside residual spread over a district would raise every
 * park and courtyard around it.
 *
 * The station feed carries no classification (FEEDS.md §1), so the rule is the model's
 * own: a station is `traffic` where the road exposure of the cells it is read at (the
 * model's weight of the traffic increment there, `trafficExposure` × the zone's scale) is
 * at least TRAFFIC_EXPOSURE — a street's kerb. On the Brussels zone the rule gives
 * Arts-Loi (41B001, 1.96), Belliard (41B008, 1.86), Régent (41REG1, 1.47) and Bockstael
 * (41BUL1, 0.74), the network's kerbside stations, and leaves Sainte-Catherine (41B004,
 * 0.16), Molenbeek (41R001, 0.35) and the suburban stations background. The nationwide
 * 1 km cells average their roads away: their stations are background.
 */
export type StationKind = 'background' | 'traffic';

export const TRAFFIC_EXPOSURE = 0.6;

export function stationKind(m: Morphology, bg: Background, cells: readonly number[]): StationKind {
  if (cells.length === 0) return 'background';
  let exposure = 0;
  for (const cell of cells) exposure += m.rasters.trafficExposure[cell]! * bg.exposureScale[cell]!;
  return exposure / cells.length >= TRAFFIC_EXPOSURE ? 'traffic' : 'background';
}
