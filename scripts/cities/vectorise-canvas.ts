import type { Canvas } from '../../src/model/embedded/morphology/canvas.ts';
import { footprintRectangles } from '../../src/model/embedded/morphology/footprints.ts';
import { ROAD_CLASS, SURFACE } from '../../src/model/embedded/morphology/layout.ts';

/**
 * A generated city grid written back as package geometry, so that rasterising the
 * package gives the very same grid: buildings and land cover as cell-edge rectangles
 * (merged along rows and down columns; a cell's centre lies 5 m inside every edge),
 * roads as one line per row run of equal class, from a quarter cell inside the run's
 * first cell to a quarter cell inside its last (the neighbours' centres stay outside
 * the rasteriser's half-cell reach). Coordinates rounded to 1e-5° (≤ 0.6 m).
 */
type Position = [number, number];
type Feature = { type: 'Feature'; properties: Record<string, unknown>; geometry: unknown };

const round = (v: number) => Math.round(v * 1e5) / 1e5;

function lonOf(c: Canvas, col: number): number {
  return round(c.grid.west + col * c.grid.dLon);
}
function latOf(c: Canvas, row: number): number {
  return round(c.grid.north - row * c.grid.dLat);
}

/** rectangles of cells where `mask` is set and `value` is equal */
function rectangles(
  c: Canvas,
  mask: Uint8Array,
  value: Float32Array,
): Array<{ ring: Position[]; value: number }> {
  const { rects, heights } = footprintRectangles(value, mask, c.cols, c.rows);
  const out: Array<{ ring: Position[]; value: number }> = [];
  for (let k = 0; k < heights.length; k++) {
    const [c0, r0, c1, r1] = [rects[k * 4]!, rects[k * 4 + 1]!, rects[k * 4 + 2]!, rects[k * 4 + 3]!];
    const w = lonOf(c, c0);
    const e = lonOf(c, c1 + 1);
    const n = latOf(c, r0);
    const s = latOf(c, r1 + 1);
    out.push({
      value: heights[k]!,
      ring: [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    });
  }
  return out;
}

function grouped(items: Array<{ ring: Position[]; value: number }>): Map<number, Position[][][]> {
  const groups = new Map<number, Position[][][]>();
  for (const item of items) {
    const list = groups.get(item.value) ?? [];
    list.push([item.ring]);
    groups.set(item.value, list);
  }
  return groups;
}

function multiPolygon(polygons: Position[][][]): unknown {
  return { type: 'MultiPolygon', coordinates: polygons };
}

export function vectoriseBuildings(c: Canvas): Feature[] {
  const mask = new Uint8Array(c.surface.length);
  for (let i = 0; i < mask.length; i++) mask[i] = c.surface[i] === SURFACE.building ? 1 : 0;
  const groups = grouped(rectangles(c, mask, c.heightM));
  return [...groups.keys()]
    .sort((a, b) => a - b)
    .map((h) => ({
      type: 'Feature',
      properties: { height: Math.round(h * 100) / 100 },
      geometry: multiPolygon(groups.get(h)!),
    }));
}

const LAND_TAGS: Record<number, Record<string, string>> = {
  [SURFACE.park]: { leisure: 'park' },
  [SURFACE.plaza]: { place: 'square' },
  [SURFACE.water]: { natural: 'water' },
};

export function vectoriseLandcover(c: Canvas): Feature[] {
  const mask = new Uint8Array(c.surface.length);
  const kind = new Float32Array(c.surface.length);
  for (let i = 0; i < mask.length; i++) {
    const s = c.surface[i]!;
    if (LAND_TAGS[s]) {
      mask[i] = 1;
      kind[i] = s;
    }
  }
  const groups = grouped(rectangles(c, mask, kind));
  return [...groups.keys()]
    .sort((a, b) => a - b)
    .map((s) => ({
      type: 'Feature',
      properties: { ...LAND_TAGS[s] },
      geometry: multiPolygon(groups.get(s)!),
    }));
}

const HIGHWAY: Record<number, string> = {
  [ROAD_CLASS.major]: 'primary',
  [ROAD_CLASS.secondary]: 'secondary',
  [ROAD_CLASS.local]: 'residential',
};

export function vectoriseRoads(c: Canvas): Feature[] {
  const features: Feature[] = [];
  // narrower than a cell: the rasteriser's minimum reach (about half a cell) applies
  const width = Math.floor(c.cell);
  for (let r = 0; r < c.rows; r++) {
    const lat = round(c.grid.north - (r + 0.5) * c.grid.dLat);
    const runs = new Map<number, Position[][]>();
    let col = 0;
    while (col < c.cols) {
      const cell = r * c.cols + col;
      const cls = c.roadClass[cell]!;
      if (c.surface[cell] !== SURFACE.road || cls === ROAD_CLASS.none) {
        col++;
        continue;
      }
      let end = col;
      while (
        end + 1 < c.cols &&
        c.surface[cell + end + 1 - col] === SURFACE.road &&
        c.roadClass[cell + end + 1 - col] === cls
      )
        end++;
      const list = runs.get(cls) ?? [];
      list.push([
        [round(c.grid.west + (col + 0.25) * c.grid.dLon), lat],
        [round(c.grid.west + (end + 0.75) * c.grid.dLon), lat],
      ]);
      runs.set(cls, list);
      col = end + 1;
    }
    for (const [cls, lines] of runs) {
      features.push({
        type: 'Feature',
        properties: { highway: HIGHWAY[cls], width },
        geometry: { type: 'MultiLineString', coordinates: lines },
      });
    }
  }
  return features;
}

/** the canvas's road tunnels as OSM-style ways (tunnel=yes, layer=-1), one feature per tunnel */
export function vectoriseTunnels(c: Canvas): Feature[] {
  return c.tunnels.map((t) => ({
    type: 'Feature',
    properties: { highway: HIGHWAY[ROAD_CLASS[t.kind]], width: t.widthM, tunnel: 'yes', layer: '-1' },
    geometry: { type: 'MultiLineString', coordinates: t.lines },
  }));
}
