import { distanceTransform } from '../grid/distance-transform.ts';
import type { Canvas } from './canvas.ts';
import { SURFACE, WIND_SECTORS } from './layout.ts';
import { TALL_BUILDING_M, tallBuildingWind } from './tall-building-wind.ts';

/** kerb exposure of each traffic class (a major road's kerb = 1); tunnel portals use the same weights */
export const CLASS_WEIGHT: Record<'major' | 'secondary' | 'local', number> = {
  major: 1.0,
  secondary: 0.42,
  local: 0.11,
};

/**
 * Pedestrian-level wind factors per wind direction: the ratio of the comfort wind
 * speed at 1.5 m to the reference 10 m wind, the quantity wind-tunnel and CFD studies
 * report. Three effects, each a rule of thumb of wind engineering:
 * - open-terrain ratio by surface (log profile over paving, water, park trees);
 * - shelter in the wake of upwind buildings and tree crowns, strongest within a few heights;
 * - speed-up near tall buildings, by direction: corner streams and downwash scaled by the
 *   building's height over its surroundings, nothing in its wake (tall-building-wind.ts);
 * - channelling along street canyons aligned with the wind;
 * - drag under tree crowns: a closed canopy halves the pedestrian wind (docs/model.md, the Trees paragraph).
 * Turbulence intensity is higher where the mean flow is sheltered.
 */
const OPEN_RATIO: Record<number, number> = {
  [SURFACE.road]: 0.68,
  [SURFACE.plaza]: 0.74,
  [SURFACE.park]: 0.5,
  [SURFACE.water]: 0.8,
  // enclosed courtyards: 0.1–0.2 of the reference wind (wind-tunnel studies)
  [SURFACE.yard]: 0.34,
  [SURFACE.land]: 0.68,
};
/**
 * Where a district's footprints are missing (docs/cities.md, "Gaps are not fields"), its
 * unmapped ground shelters as rough ground of this height times its estimated built
 * share: the first ring's default building height (docs/heights.md), so an unmapped
 * block of Saint-Josse slows the wind like a mapped one instead of a field.
 */
const ESTIMATED_HEIGHT_M = 13;
/** the pedestrian wind's reduction under a closed canopy (0.4–0.6 of the open value in park measurements) */
const CANOPY_DRAG = 0.5;
const UPWIND_REACH_M = 260;
/**
 * Tree crowns upwind shelter as a solid obstacle of about a third of their height (a
 * shelterbelt of 40–50 % porosity slows the wind behind it like a wall a third as high,
 * an assumption of this model): a closed canopy of 15 m trees is a 5 m wall, so a wooded
 * park's paths are calm in its interior and its lee, not only under their own crowns
 * (issue #47: a park calmer on foot than the open squares beside it).
 */
const CROWN_HEIGHT_M = 15;
const CROWN_SOLIDITY = 0.35;

export function windFactors(
  c: Canvas,
  canyonAspect: Float32Array,
  canyonAxisDeg: Float32Array,
  /** sky-view factor: how enclosed unmapped open ground is */
  svf: Float32Array,
): { factor: Uint8Array; turbulence: Float32Array } {
  const n = c.cols * c.rows;
  const factor = new Uint8Array(n * WIND_SECTORS);
  const turbulence = new Float32Array(n);
  const nearestTall = new Int32Array(n);
  const distTall = distanceTransform(
    (i) => c.surface[i] === SURFACE.building && c.heightM[i]! >= TALL_BUILDING_M,
    c.cols,
    c.rows,
    nearestTall,
  );
  const steps = Math.ceil(UPWIND_REACH_M / c.cell);
  const { cols, rows, surface } = c;
  // the obstacles the wind meets: mapped buildings, and unmapped ground built to its estimated share
  const heights = Float32Array.from(c.heightM, (h, i) =>
    h > 0 ? h : ESTIMATED_HEIGHT_M * c.estimatedBuilt[i]!,
  );
  const towers = tallBuildingWind({ ...c, heights });
  // what the upwind scan meets: the buildings, and tree crowns as porous obstacles
  const obstacles = Float32Array.from(heights, (h, i) =>
    c.surface[i] === SURFACE.building ? h : Math.max(h, CROWN_HEIGHT_M * CROWN_SOLIDITY * c.canopy[i]!),
  );
  const offCol = new Int32Array(WIND_SECTORS * steps);
  const offRow = new Int32Array(WIND_SECTORS * steps);
  const invDist = new Float64Array(steps);
  for (let s = 1; s <= steps; s++) invDist[s - 1] = 1 / (s * c.cell);
  for (let k = 0; k < WIND_SECTORS; k++) {
    const from = (2 * Math.PI * k) / WIND_SECTORS;
    for (let s = 1; s <= steps; s++) {
      offCol[k * steps + s - 1] = Math.round((Math.sin(from) * s * c.cell) / c.cellW);
      offRow[k * steps + s - 1] = -Math.round((Math.cos(from) * s * c.cell) / c.cellH);
    }
  }
  for (let r = 0; r < rows; r++) {
    for (let col = 0; col < cols; col++) {
      const cell = r * cols + col;
      if (surface[cell] === SURFACE.building) continue;
      const base =
        surface[cell] === SURFACE.yard ? yardRatio(svf[cell]!) : (OPEN_RATIO[surface[cell]!] ?? 0.6);
      const tallCell = Number.isFinite(distTall[cell]!) ? nearestTall[cell]! : -1;
      const towerPeak = tallCell >= 0 ? towers.peakRatio(tallCell) : 0;
      const towerM = distTall[cell]! * c.cell;
      let sum = 0;
      for (let k = 0; k < WIND_SECTORS; k++) {
        const from = (2 * Math.PI * k) / WIND_SECTORS;
        let shelter = 0; // steepest (height / distance) of upwind obstacles
        const o = k * steps;
        for (let s = 0; s < steps; s++) {
          const cc = col + offCol[o + s]!;
          const rr = r + offRow[o + s]!;
          if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) break;
          const t = (obstacles[rr * cols + cc]! - 2) * invDist[s]!;
          if (t > shelter) shelter = t;
        }
        const sheltered = 1 / (1 + 2.4 * shelter);
        let a = base * sheltered;
        if (towerPeak > a) a += (towerPeak - a) * towers.weight(tallCell, cell, towerM, from);
        if (canyonAspect[cell]! > 0.35) {
          const rel = from - (canyonAxisDeg[cell]! * Math.PI) / 180;
          const along = Math.cos(rel) ** 2;
          a *= 0.85 + 0.35 * along;
        }
        a *= 1 - CANOPY_DRAG * c.canopy[cell]!;
        // corner streams and passages at towers reach 1.2–1.6 × the 10 m wind
        const clamped = Math.min(1.6, Math.max(0.06, a));
        factor[cell * WIND_SECTORS + k] = Math.round(clamped * 100);
        sum += clamped;
      }
      const mean = sum / WIND_SECTORS;
      turbulence[cell] = Math.min(0.42, Math.max(0.08, 0.08 + 0.28 * (1 - mean / 0.9)));
    }
  }
  return { factor, turbulence };
}

/**
 * Ground no layer maps (neither road, square, park nor building) is an inner courtyard
 * where buildings enclose it, but also an open square or forecourt the extract drew only
 * as the roads around it (the Place Royale): the courtyards' ratio where the sky is
 * enclosed (SVF ≤ 0.65, the validation's courtyards), an open square's where it is not
 * (SVF ≥ 0.9), in between linearly; the upwind shelter then applies to both.
 */
function yardRatio(svf: number): number {
  const open = Math.min(1, Math.max(0, (svf - 0.65) / 0.25));
  return OPEN_RATIO[SURFACE.yard]! + open * (OPEN_RATIO[SURFACE.plaza]! - OPEN_RATIO[SURFACE.yard]!);
}

/**
 * Road-traffic exposure: near-field decay from each road class (primary pollutants
 * fall to ~30 % within 50 m of a busy road), a slow far-field term (NO2 keeps forming
 * downwind), times trapping in deep street canyons.
 */
export function trafficExposure(
  distMajorM: Float32Array,
  distSecondaryM: Float32Array,
  distLocalM: Float32Array,
  canyonAspect: Float32Array,
  /** exhaust of tunnel portals (tunnel-portals.ts), same units; trapped by the canyon like the street's own */
  portals?: Float32Array,
): Float32Array {
  const n = distMajorM.length;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const near =
      CLASS_WEIGHT.major * Math.exp(-distMajorM[i]! / 35) +
      CLASS_WEIGHT.secondary * Math.exp(-distSecondaryM[i]! / 30) +
      CLASS_WEIGHT.local * Math.exp(-distLocalM[i]! / 20) +
      (portals?.[i] ?? 0);
    const far = 0.12 * Math.exp(-distMajorM[i]! / 250);
    out[i] = near * (1 + 0.45 * Math.min(2.5, canyonAspect[i]!)) + far;
  }
  return out;
}

/** share of built ground within a square of ±radius cells (integral image); `built` is a cell's share, 0–1 */
export function builtFraction(
  built: (i: number) => number,
  cols: number,
  rows: number,
  radius: number,
): Float32Array {
  const w = cols + 1;
  const sat = new Float64Array(w * (rows + 1));
  for (let r = 0; r < rows; r++) {
    let rowSum = 0;
    for (let col = 0; col < cols; col++) {
      rowSum += built(r * cols + col);
      sat[(r + 1) * w + col + 1] = sat[r * w + col + 1]! + rowSum;
    }
  }
  const out = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const r0 = Math.max(0, r - radius);
    const r1 = Math.min(rows, r + radius + 1);
    for (let col = 0; col < cols; col++) {
      const c0 = Math.max(0, col - radius);
      const c1 = Math.min(cols, col + radius + 1);
      const sum = sat[r1 * w + c1]! - sat[r0 * w + c1]! - sat[r1 * w + c0]! + sat[r0 * w + c0]!;
      out[r * cols + col] = sum / ((r1 - r0) * (c1 - c0));
    }
  }
  return out;
}
