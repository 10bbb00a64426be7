import type { Canvas } from './canvas.ts';
import { SURFACE } from './layout.ts';

/**
 * Street-canyon geometry. Across four axes we look both ways for the nearest building
 * walls; the axis with the narrowest gap bounded on both sides is across the street.
 * Aspect ratio = mean wall height / street width; the canyon axis is perpendicular.
 */
const REACH_M = 90;

export function canyonGeometry(c: Canvas): { aspect: Float32Array; axisDeg: Float32Array } {
  const n = c.cols * c.rows;
  const aspect = new Float32Array(n);
  const axisDeg = new Float32Array(n);
  const axes = [0, 45, 90, 135];
  const steps = Math.ceil(REACH_M / c.cell);
  const probe = (col: number, r: number, dx: number, dy: number): [number, number] | null => {
    for (let s = 1; s <= steps; s++) {
      const cc = Math.round(col + (dx * s * c.cell) / c.cellW);
      const rr = Math.round(r - (dy * s * c.cell) / c.cellH);
      if (cc < 0 || rr < 0 || cc >= c.cols || rr >= c.rows) return null;
      const cell = rr * c.cols + cc;
      if (c.surface[cell] === SURFACE.building) return [s * c.cell, c.heightM[cell]!];
    }
    return null;
  };
  for (let r = 0; r < c.rows; r++) {
    for (let col = 0; col < c.cols; col++) {
      const cell = r * c.cols + col;
      if (c.surface[cell] === SURFACE.building) continue;
      let bestW = Number.POSITIVE_INFINITY;
      for (const across of axes) {
        const a = (across * Math.PI) / 180;
        const dx = Math.sin(a);
        const dy = Math.cos(a);
        const one = probe(col, r, dx, dy);
        if (!one) continue;
        const two = probe(col, r, -dx, -dy);
        if (!two) continue;
        // wall-to-wall width: centre distances minus half a cell on each side
        const width = Math.max(c.cell, one[0] + two[0] - c.cell);
        if (width < bestW) {
          bestW = width;
          aspect[cell] = (one[1] + two[1]) / 2 / width;
          axisDeg[cell] = (across + 90) % 180;
        }
      }
    }
  }
  return { aspect, axisDeg };
}
