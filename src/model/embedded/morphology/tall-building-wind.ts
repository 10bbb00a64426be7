import type { Canvas } from './canvas.ts';
import { SURFACE } from './layout.ts';

/**
 * Tall buildings in the pedestrian wind: a screening estimate, not a wind-tunnel study
 * (docs/model.md, the tall-buildings paragraph). A building much taller than its
 * surroundings brings faster air from its upper floors down its windward face (downwash)
 * and round its side corners (corner streams); its lee is a wake. Published speed-up
 * factors, the pedestrian wind beside the building over the undisturbed one:
 *
 * - isolated high-rise (AIJ benchmark case, a 2:1:1 prism; Tominaga et al. 2008, J. Wind
 *   Eng. Ind. Aerodyn. 96:1749): 1.2–1.4 at the side corners, about 1 in front, 0.3–0.7 in
 *   the wake;
 * - a tower among low-rise buildings (Wiren 1975; Stathopoulos 1985; the speed-up grows
 *   with the height over the surroundings): 1.5–2.5 at the corners, and downwash makes
 *   the windward face windy too.
 *
 * The amplification is the same as the place without the tower would see on an open road
 * (0.68 of the 10 m wind): A(R) = 1 + 0.4·min(1, ln(R / 1.5) / ln 4), R = height /
 * surroundings' mean height. A building no taller than 1.5 times its neighbours changes
 * nothing; one standing free of them (R ≥ 6) reaches the isolated building's 1.4. Against
 * the sheltered street it stands in (0.2–0.4 of the 10 m wind) that is the low-rise
 * cases' 1.5–2.5 and more. It is shared out by the angle φ between the wind's downwind
 * direction and the bearing from the tower's nearest edge to the place: sin²φ round the
 * side corners (fading into the wake over φ = 80°–60°), 0.6·cos²φ on the windward face
 * (downwash and the standing vortex), nothing in the wake (the shelter term keeps its
 * calm). It fades with the distance from the tower's edge over L = (H − h)/2, 20–60 m:
 * the corner streams of a 100 m tower reach a street or two, not a district.
 */
export const TALL_BUILDING_M = 35;
/** the pedestrian / 10 m wind ratio of an open road (wind-exposure.ts, OPEN_RATIO) */
const OPEN_ROAD_RATIO = 0.68;
/** how far around a tower its surroundings' mean height is taken */
const SURROUNDINGS_M = 150;
/** surroundings lower than this count as this (a tower on open ground still meets a little roughness) */
const MIN_SURROUNDINGS_M = 8;
/** an isolated building's corner streams (AIJ case): the most a tower adds */
export const MAX_AMPLIFICATION = 1.4;
/** a building up to this many times its surroundings' height adds nothing */
const NO_EFFECT_RATIO = 1.5;

export interface TallBuildingWind {
  /** the pedestrian / 10 m ratio the tower gives a place at its full weight */
  peakRatio(tallCell: number): number;
  /**
   * the weight (0–1) of a tower's effect at a place for a wind from `fromRad` (0 north,
   * clockwise): direction × distance
   */
  weight(tallCell: number, cell: number, distanceM: number, fromRad: number): number;
}

export function amplification(heightM: number, surroundingsM: number): number {
  const ratio = heightM / Math.max(MIN_SURROUNDINGS_M, surroundingsM);
  if (ratio <= NO_EFFECT_RATIO) return 1;
  return 1 + (MAX_AMPLIFICATION - 1) * Math.min(1, Math.log(ratio / NO_EFFECT_RATIO) / Math.log(4));
}

/** share of the tower's peak at angle φ from its downwind direction (cos φ given) */
export function directionShare(cosPhi: number): number {
  const sin2 = 1 - cosPhi * cosPhi;
  // round the corners, fading into the wake between φ = 80° and 60°
  const corner = sin2 * Math.min(1, Math.max(0, (0.5 - cosPhi) / 0.33));
  const windward = cosPhi < 0 ? 0.6 * cosPhi * cosPhi : 0;
  return Math.max(corner, windward);
}

export function fadeLengthM(heightM: number, surroundingsM: number): number {
  return Math.min(60, Math.max(20, (heightM - surroundingsM) / 2));
}

export function tallBuildingWind(
  grid: Pick<Canvas, 'cols' | 'rows' | 'cellW' | 'cellH' | 'cell' | 'surface'> & {
    /** obstacle heights: buildings and unmapped ground built to its estimated share */
    heights: Float32Array;
  },
): TallBuildingWind {
  const { cols, rows, cellW, cellH, cell, surface, heights } = grid;
  // integral images of the lower buildings' heights and count: the surroundings' mean height
  const sum = new Float64Array((cols + 1) * (rows + 1));
  const count = new Float64Array((cols + 1) * (rows + 1));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const h = heights[i]!;
      const low = h > 2 && h < TALL_BUILDING_M ? 1 : 0;
      const at = (r + 1) * (cols + 1) + c + 1;
      sum[at] = low * h + sum[at - 1]! + sum[at - cols - 1]! - sum[at - cols - 2]!;
      count[at] = low + count[at - 1]! + count[at - cols - 1]! - count[at - cols - 2]!;
    }
  }
  const reach = Math.max(1, Math.round(SURROUNDINGS_M / cell));
  const surroundingsOf = (i: number) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    const r0 = Math.max(0, r - reach);
    const r1 = Math.min(rows, r + reach + 1);
    const c0 = Math.max(0, c - reach);
    const c1 = Math.min(cols, c + reach + 1);
    const box = (a: Float64Array) =>
      a[r1 * (cols + 1) + c1]! -
      a[r0 * (cols + 1) + c1]! -
      a[r1 * (cols + 1) + c0]! +
      a[r0 * (cols + 1) + c0]!;
    const n = box(count);
    return n > 0 ? box(sum) / n : 0;
  };
  const surroundings = new Map<number, number>();
  const surroundingsAt = (tallCell: number) => {
    let h = surroundings.get(tallCell);
    if (h === undefined) {
      h = surroundingsOf(tallCell);
      surroundings.set(tallCell, h);
    }
    return h;
  };
  return {
    peakRatio(tallCell) {
      if (surface[tallCell] !== SURFACE.building) return 0;
      return OPEN_ROAD_RATIO * amplification(heights[tallCell]!, surroundingsAt(tallCell));
    },
    weight(tallCell, place, distanceM, fromRad) {
      const eastM = ((place % cols) - (tallCell % cols)) * cellW;
      const northM = -(Math.floor(place / cols) - Math.floor(tallCell / cols)) * cellH;
      const length = Math.hypot(eastM, northM);
      if (length === 0) return 0;
      // the wind blows towards (−sin from, −cos from)
      const cosPhi = (-eastM * Math.sin(fromRad) - northM * Math.cos(fromRad)) / length;
      const h = heights[tallCell]!;
      const fade = Math.exp(-Math.max(0, distanceM - cell) / fadeLengthM(h, surroundingsAt(tallCell)));
      return directionShare(cosPhi) * fade;
    },
  };
}
