import { uniform } from '../noise/hash.ts';
import { smoothNoise2 } from '../noise/smooth-noise.ts';
import { type Canvas, cellX, cellY, forEachCellInRing, forEachCellNearPath, localOf } from './canvas.ts';
import type { CityPlan, District } from './city-plan.ts';
import { ROAD_CLASS, SURFACE } from './layout.ts';

/**
 * Streets, water and open spaces. Each district lays its own street grid (rotated,
 * warped where the plan is medieval, with some street segments dropped to make
 * irregular blocks); grids meet at district seams, as real quarters do. Parks and
 * squares clear the grid; the plan's boulevards and the canal are drawn on top.
 */
export interface DistrictFrame {
  /** local street-grid coordinates of a cell, metres */
  lx: number;
  ly: number;
}

export function districtFrame(
  plan: CityPlan,
  d: District,
  index: number,
  x: number,
  y: number,
): DistrictFrame {
  const th = (d.orientationDeg * Math.PI) / 180;
  let lx = x * Math.cos(th) + y * Math.sin(th) + 997 * uniform(plan.seed, 11, index);
  let ly = -x * Math.sin(th) + y * Math.cos(th) + 997 * uniform(plan.seed, 12, index);
  if (d.warpM > 0) {
    lx += d.warpM * smoothNoise2(plan.seed, 21, x / 170, y / 170);
    ly += d.warpM * smoothNoise2(plan.seed, 22, x / 170, y / 170);
  }
  if (d.bendM > 0) {
    // a 19th-century quarter's long streets curve gently and change direction across
    // it, instead of running ruler-straight as one lattice
    lx += d.bendM * smoothNoise2(plan.seed, 23, x / 750, y / 750);
    ly += d.bendM * smoothNoise2(plan.seed, 24, x / 750, y / 750);
  }
  return { lx, ly };
}

export function districtOf(plan: CityPlan, index: number): District {
  return plan.districts[index] ?? plan.fallback;
}

/** which district's rules apply at each cell: the strongest Gaussian influence, else the fallback */
export function assignDistricts(c: Canvas, plan: CityPlan): void {
  const centres = plan.districts.map((d) => localOf(c, d.centre));
  for (let r = 0; r < c.rows; r++) {
    for (let col = 0; col < c.cols; col++) {
      // warped positions make district edges irregular instead of circular
      const x0 = cellX(c, col);
      const y0 = cellY(c, r);
      const x = x0 + 140 * smoothNoise2(plan.seed, 61, x0 / 400, y0 / 400);
      const y = y0 + 140 * smoothNoise2(plan.seed, 62, x0 / 400, y0 / 400);
      let best = plan.districts.length;
      let bestW = 0.3;
      plan.districts.forEach((d, i) => {
        const [cx, cy] = centres[i]!;
        const w = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (d.radiusM * d.radiusM));
        if (w > bestW) {
          bestW = w;
          best = i;
        }
      });
      c.district[r * c.cols + col] = best;
    }
  }
}

const KEEP_SEGMENT = 0.86;

export function layStreets(c: Canvas, plan: CityPlan): void {
  c.surface.fill(SURFACE.yard);
  const minHalf = (c.cell * 1.05) / 2;
  for (let r = 0; r < c.rows; r++) {
    const y = cellY(c, r);
    for (let col = 0; col < c.cols; col++) {
      const cell = r * c.cols + col;
      const di = c.district[cell]!;
      const d = districtOf(plan, di);
      const { lx, ly } = districtFrame(plan, d, di, cellX(c, col), y);
      const s = d.blockM;
      // local streets only: the through traffic of a quarter runs on the plan's
      // chaussées and boulevards, not on every sixth street of a lattice
      for (const [along, across, axis] of [
        [ly, lx, 0],
        [lx, ly, 1],
      ] as const) {
        const line = Math.round(across / s);
        const half = Math.max(minHalf, d.streetM / 2);
        if (Math.abs(across - line * s) > half) continue;
        const segment = Math.floor(along / s);
        if (uniform(plan.seed, 31 + axis, di * 100_003 + line, segment) > KEEP_SEGMENT) continue;
        c.surface[cell] = SURFACE.road;
        c.roadClass[cell] = Math.max(c.roadClass[cell]!, ROAD_CLASS.local);
      }
    }
  }
  // district seams become streets where the grids meet
  for (let r = 0; r + 1 < c.rows; r++) {
    for (let col = 0; col + 1 < c.cols; col++) {
      const cell = r * c.cols + col;
      const d = c.district[cell]!;
      if (d !== c.district[cell + 1] || d !== c.district[cell + c.cols]) {
        c.surface[cell] = SURFACE.road;
        if (c.roadClass[cell] === ROAD_CLASS.none) c.roadClass[cell] = ROAD_CLASS.local;
      }
    }
  }
  for (const area of plan.open) {
    forEachCellInRing(c, area.ring, (cell) => {
      c.surface[cell] = area.kind === 'park' ? SURFACE.park : SURFACE.plaza;
      c.roadClass[cell] = ROAD_CLASS.none;
    });
  }
  for (const w of plan.water) {
    forEachCellNearPath(c, w.path, Math.max(minHalf, w.widthM / 2), (cell) => {
      c.surface[cell] = SURFACE.water;
      c.roadClass[cell] = ROAD_CLASS.none;
    });
  }
  // pedestrian ways first, so that a boulevard crossing one keeps its traffic
  for (const road of plan.roads) {
    if (road.roadClass !== 'pedestrian') continue;
    forEachCellNearPath(c, road.path, Math.max(minHalf, road.widthM / 2), (cell) => {
      if (c.surface[cell] === SURFACE.water) return;
      c.surface[cell] = SURFACE.plaza;
      c.roadClass[cell] = ROAD_CLASS.none;
    });
  }
  for (const road of plan.roads) {
    if (road.roadClass === 'pedestrian') continue;
    const cls = ROAD_CLASS[road.roadClass];
    forEachCellNearPath(c, road.path, Math.max(minHalf, road.widthM / 2), (cell) => {
      if (c.surface[cell] === SURFACE.plaza) return; // squares stay squares (Schuman, Rogier)
      c.surface[cell] = SURFACE.road;
      c.roadClass[cell] = Math.max(c.roadClass[cell]!, cls);
    });
  }
}
