import { distanceTransform } from '../grid/distance-transform.ts';
import { uniform } from '../noise/hash.ts';
import { type Canvas, cellX, cellY, forEachCellInRing, localOf } from './canvas.ts';
import { type CityPlan, rectangle } from './city-plan.ts';
import { SURFACE } from './layout.ts';
import { districtFrame, districtOf } from './street-network.ts';

/**
 * Building blocks. Brussels and Charleroi are cities of perimeter blocks: a row of
 * buildings along every street front, a given depth deep, around courtyards and
 * gardens. Each building is a parcel (a jittered Voronoi cell a parcel wide) with its
 * own height around the district's typical height. Tower districts build some whole
 * blocks as tall slabs set back behind a forecourt; named landmarks are placed last.
 */
const STOREY_M = 3.2;

function blendedHeight(plan: CityPlan, centres: Array<[number, number]>, x: number, y: number): number {
  let wsum = 0.35;
  let hsum = 0.35 * plan.fallback.heightM;
  plan.districts.forEach((d, i) => {
    const [cx, cy] = centres[i]!;
    const w = Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (d.radiusM * d.radiusM));
    wsum += w;
    hsum += w * d.heightM;
  });
  return hsum / wsum;
}

/** nearest jittered parcel seed: returns a stable integer id for the parcel */
function parcelId(seed: number, district: number, lx: number, ly: number, size: number): number {
  const pi = Math.floor(lx / size);
  const pj = Math.floor(ly / size);
  let best = Number.POSITIVE_INFINITY;
  let id = 0;
  for (let a = -1; a <= 1; a++) {
    for (let b = -1; b <= 1; b++) {
      const i = pi + a;
      const j = pj + b;
      // elongated parcels: narrow along the street, deep into the block
      const px = (i + 0.15 + 0.7 * uniform(seed, 41, district * 65_537 + i, j)) * size;
      const py = (j + 0.15 + 0.7 * uniform(seed, 42, district * 65_537 + i, j)) * size;
      const d2 = (px - lx) ** 2 + (py - ly) ** 2;
      if (d2 < best) {
        best = d2;
        id = (district * 1_000_003 + i * 7919 + j) | 0;
      }
    }
  }
  return id;
}

export function raiseBuildings(c: Canvas, plan: CityPlan): void {
  const open = (s: number) =>
    s === SURFACE.road || s === SURFACE.plaza || s === SURFACE.park || s === SURFACE.water;
  const distOpen = distanceTransform((i) => open(c.surface[i]!), c.cols, c.rows);
  const centres = plan.districts.map((d) => localOf(c, d.centre));
  for (let r = 0; r < c.rows; r++) {
    const y = cellY(c, r);
    for (let col = 0; col < c.cols; col++) {
      const cell = r * c.cols + col;
      if (c.surface[cell] !== SURFACE.yard) continue;
      const di = c.district[cell]!;
      const d = districtOf(plan, di);
      const x = cellX(c, col);
      const { lx, ly } = districtFrame(plan, d, di, x, y);
      const depth = distOpen[cell]! * c.cell;
      const block = (Math.floor(lx / d.blockM) * 7919 + Math.floor(ly / d.blockM)) | 0;
      const tower = d.towerShare > 0 && uniform(plan.seed, 51, di * 1_000_003 + block) < d.towerShare;
      if (tower) {
        if (depth < 1.3 * c.cell) {
          c.surface[cell] = SURFACE.plaza;
          continue;
        }
        const [lo, hi] = d.towerHeightM;
        const parcel = parcelId(plan.seed, di, lx, ly, 34);
        const top = lo + (hi - lo) * uniform(plan.seed, 52, di * 1_000_003 + block);
        const h =
          uniform(plan.seed, 53, parcel) < 0.45 ? top : top * (0.35 + 0.3 * uniform(plan.seed, 54, parcel));
        c.surface[cell] = SURFACE.building;
        c.heightM[cell] = Math.round(h / STOREY_M) * STOREY_M;
        continue;
      }
      // a 10 m raster rounds a 13–16 m deep row up to two cells, as a street front with annexes
      if (depth > d.depthM + 0.75 * c.cell) continue; // courtyard or garden
      const parcel = parcelId(plan.seed, di, lx, ly, d.parcelM);
      if (uniform(plan.seed, 55, parcel) < 0.025) continue; // a gap in the row: passage or empty plot
      const base = blendedHeight(plan, centres, x, y);
      const h = base * (0.7 + 0.6 * uniform(plan.seed, 56, parcel));
      c.surface[cell] = SURFACE.building;
      c.heightM[cell] = Math.max(2 * STOREY_M, Math.round(h / STOREY_M) * STOREY_M);
    }
  }
  for (const lm of plan.landmarks) {
    // a forecourt around the landmark, then the landmark itself
    const pad: [number, number] = [lm.sizeM[0] + 2.2 * c.cell, lm.sizeM[1] + 2.2 * c.cell];
    forEachCellInRing(c, rectangle(lm.centre, pad), (cell) => {
      if (c.surface[cell] === SURFACE.building || c.surface[cell] === SURFACE.yard) {
        c.surface[cell] = SURFACE.plaza;
        c.heightM[cell] = 0;
      }
    });
    forEachCellInRing(c, rectangle(lm.centre, lm.sizeM), (cell) => {
      c.surface[cell] = SURFACE.building;
      c.roadClass[cell] = 0;
      c.heightM[cell] = lm.heightM;
    });
  }
}
