import type { CellSeries } from '../../src/domain/grid/model-data.ts';
import { effectiveSpeed, lawsonScore } from '../../src/domain/metrics/wind/score.ts';
import { cellCentreLonLat } from '../../src/model/embedded/grid/geometry.ts';
import { ROAD_CLASS, SURFACE } from '../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../src/model/embedded/morphology/morphology.ts';

/**
 * The places issue #47 judges the wind by: the bases of the North quarter's towers and
 * the old town's narrow canyons, on the package's geometry; shared by the validation
 * table and its test (test/model/embedded/compute/tall-buildings-wind.test.ts).
 */
export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}
export const NORTH_QUARTER: Box = { south: 50.855, north: 50.866, west: 4.35, east: 4.366 };
export const OLD_TOWN: Box = { south: 50.842, north: 50.85, west: 4.345, east: 4.358 };

const inBox = (m: Morphology, cell: number, box: Box) => {
  const [lon, lat] = cellCentreLonLat(m.info.grid, cell);
  return lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east;
};

/** the wind block's Lawson score over a cell's hours (domain/metrics/wind/score.ts) */
export function lawsonScoreOf(series: CellSeries): number {
  const n = series.ucomfort.length;
  const effective = Array.from({ length: n }, (_, i) =>
    effectiveSpeed(series.ucomfort[i]!, series.ugust[i]!),
  );
  return lawsonScore((threshold) => (100 * effective.filter((v) => v > threshold).length) / n);
}

export const hoursAbove = (values: Float32Array, threshold: number) =>
  values.filter((v) => v > threshold).length;

/** the towers in `box` (connected building cells at least `heightM` tall), each with its outdoor cells within `reach` cells */
export function towersIn(
  m: Morphology,
  heightM: number,
  reach: number,
  box: Box,
): Array<{ height: number; bases: number[] }> {
  const { cols, rows } = m.info.grid;
  const { surface, heightM: heights } = m.rasters;
  const isTower = (i: number) =>
    surface[i] === SURFACE.building && heights[i]! >= heightM && inBox(m, i, box);
  const seen = new Uint8Array(surface.length);
  const towers: Array<{ height: number; bases: number[] }> = [];
  for (let start = 0; start < surface.length; start++) {
    if (seen[start] || !isTower(start)) continue;
    const stack = [start];
    seen[start] = 1;
    const bases = new Set<number>();
    let height = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      height = Math.max(height, heights[i]!);
      const r = Math.floor(i / cols);
      const c = i % cols;
      for (let dr = -reach; dr <= reach; dr++)
        for (let dc = -reach; dc <= reach; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          const j = rr * cols + cc;
          if (surface[j] !== SURFACE.building) bases.add(j);
          else if (Math.abs(dr) <= 1 && Math.abs(dc) <= 1 && !seen[j] && isTower(j)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    towers.push({ height, bases: [...bases] });
  }
  return towers;
}

/** narrow local streets (H/W > 1.2) in `box` with no building of 35 m or more within `clearCells` cells */
export function narrowCanyonsIn(m: Morphology, box: Box, max: number, clearCells = 8): number[] {
  const { surface, roadClass, canyonAspect, heightM } = m.rasters;
  const { cols } = m.info.grid;
  const clear = (i: number) => {
    for (let dr = -clearCells; dr <= clearCells; dr++)
      for (let dc = -clearCells; dc <= clearCells; dc++)
        if ((heightM[i + dr * cols + dc] ?? 0) >= 35) return false;
    return true;
  };
  const cells: number[] = [];
  for (let i = 0; i < surface.length && cells.length < max; i += 7)
    if (
      inBox(m, i, box) &&
      surface[i] !== SURFACE.building &&
      roadClass[i] === ROAD_CLASS.local &&
      canyonAspect[i]! > 1.2 &&
      clear(i)
    )
      cells.push(i);
  return cells;
}
