import type { Canvas } from './canvas.ts';
import { HORIZON_DIRECTIONS, SURFACE } from './layout.ts';

/**
 * Horizon angles and sky-view factor. From every outdoor cell we march outwards in 32
 * directions and keep the steepest elevation angle of a rooftop seen from pedestrian
 * eye height, measured to the building's near face. Shadows then come from comparing the sun's elevation with the horizon in
 * its direction; the sky-view factor of an isotropic sky is 1 − mean(sin² horizon).
 */
const EYE_M = 1.5;
const MAX_DISTANCE_M = 420;

export function horizonAndSkyView(c: Canvas): { horizon: Uint8Array; svf: Float32Array } {
  const { cols, rows, surface } = c;
  const heights = c.heightM;
  const n = cols * rows;
  const horizon = new Uint8Array(n * HORIZON_DIRECTIONS);
  const svf = new Float32Array(n);
  let maxH = 0;
  for (let i = 0; i < n; i++) if (heights[i]! > maxH) maxH = heights[i]!;
  const steps = Math.ceil(MAX_DISTANCE_M / c.cell);
  // integer offsets of every step along every direction, computed once
  const offCol = new Int32Array(HORIZON_DIRECTIONS * steps);
  const offRow = new Int32Array(HORIZON_DIRECTIONS * steps);
  const invDist = new Float64Array(steps);
  // a building cell's near face is half a cell closer than its centre: measuring to the
  // centre capped the horizon of a one-cell street near 56° and left H/W ≈ 1 canyons
  // sunlit at high summer sun
  for (let s = 1; s <= steps; s++) invDist[s - 1] = 1 / ((s - 0.5) * c.cell);
  for (let k = 0; k < HORIZON_DIRECTIONS; k++) {
    const az = (2 * Math.PI * k) / HORIZON_DIRECTIONS;
    for (let s = 1; s <= steps; s++) {
      offCol[k * steps + s - 1] = Math.round((Math.sin(az) * s * c.cell) / c.cellW);
      offRow[k * steps + s - 1] = -Math.round((Math.cos(az) * s * c.cell) / c.cellH);
    }
  }
  const top = maxH - EYE_M;
  for (let r = 0; r < rows; r++) {
    for (let col = 0; col < cols; col++) {
      const cell = r * cols + col;
      if (surface[cell] === SURFACE.building) continue;
      let sum = 0;
      for (let k = 0; k < HORIZON_DIRECTIONS; k++) {
        let best = 0; // tan of the steepest rooftop
        const base = k * steps;
        for (let s = 0; s < steps; s++) {
          const inv = invDist[s]!;
          if (top * inv <= best) break;
          const cc = col + offCol[base + s]!;
          const rr = r + offRow[base + s]!;
          if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) break;
          const t = (heights[rr * cols + cc]! - EYE_M) * inv;
          if (t > best) best = t;
        }
        const angle = Math.atan(best);
        horizon[cell * HORIZON_DIRECTIONS + k] = Math.min(180, Math.round((angle * 360) / Math.PI));
        const s2 = Math.sin(angle);
        sum += s2 * s2;
      }
      svf[cell] = 1 - sum / HORIZON_DIRECTIONS;
    }
  }
  return { horizon, svf };
}
