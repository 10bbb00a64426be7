import { type Canvas, cellX, cellY, localOf } from './canvas.ts';
import { CLASS_WEIGHT } from './wind-exposure.ts';

/**
 * Exhaust of road tunnels, released at their portals. A tunnel without forced
 * ventilation (the Brussels ring tunnels vent almost entirely through their mouths)
 * carries the emission of its whole length to its two ends, where it leaves as a jet
 * that mixes into the street within one to two hundred metres: measurement campaigns
 * at tunnel mouths find NO2 well above that of a busy open street next to the portal,
 * falling to the street's level about 100–150 m away (DOMAIN.md §4.4, ExpAIR 2023–24
 * tunnel-mouth sites). The term is in the units of the surface traffic exposure (a
 * major road's kerb = 1).
 */

/** e-folding distance of the portal jet and of its wider plume, metres */
const JET_M = 45;
const PLUME_M = 160;
/** a portal's peak against the kerb of its open road, for a tunnel of REFERENCE_M */
const PEAK = 0.9;
const REFERENCE_M = 400;
/** the jet saturates: a long tunnel does not make an ever stronger mouth (dilution by traffic-induced flow) */
const MAX_LENGTH_GAIN = 1.5;
const REACH_M = 5 * PLUME_M;

function lineLengthM(points: ReadonlyArray<readonly [number, number]>): number {
  let length = 0;
  for (let i = 1; i < points.length; i++)
    length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return length;
}

/** the portal term of every cell (0 where no tunnel mouth is near); portals outside the grid still reach into it */
export function portalExposure(c: Canvas): Float32Array {
  const out = new Float32Array(c.cols * c.rows);
  for (const tunnel of c.tunnels) {
    for (const line of tunnel.lines) {
      if (line.length < 2) continue;
      const points = line.map((p) => localOf(c, p));
      const gain = Math.min(MAX_LENGTH_GAIN, Math.sqrt(lineLengthM(points) / REFERENCE_M));
      const strength = PEAK * CLASS_WEIGHT[tunnel.kind] * gain;
      for (const [px, py] of [points[0]!, points[points.length - 1]!]) addPortal(c, out, px, py, strength);
    }
  }
  return out;
}

function addPortal(c: Canvas, out: Float32Array, px: number, py: number, strength: number): void {
  const c0 = Math.max(0, Math.floor((px - REACH_M) / c.cellW));
  const c1 = Math.min(c.cols - 1, Math.ceil((px + REACH_M) / c.cellW));
  const r0 = Math.max(0, Math.floor((-py - REACH_M) / c.cellH));
  const r1 = Math.min(c.rows - 1, Math.ceil((-py + REACH_M) / c.cellH));
  for (let r = r0; r <= r1; r++) {
    const dy = cellY(c, r) - py;
    for (let col = c0; col <= c1; col++) {
      const d = Math.hypot(cellX(c, col) - px, dy);
      if (d > REACH_M) continue;
      out[r * c.cols + col]! += strength * (0.8 * Math.exp(-d / JET_M) + 0.2 * Math.exp(-d / PLUME_M));
    }
  }
}
