import type { CityGeometry } from '../../../domain/coverage/city-package/model-geometry.ts';
import { type Canvas, cellX, cellY, forEachCellNearPath, localOf } from './canvas.ts';
import { ROAD_CLASS, SURFACE } from './layout.ts';

/**
 * A city's geometry burnt into the grid, cell centre rule: a cell takes a polygon's
 * class when its centre lies inside (even–odd over the polygon's rings, so holes stay
 * open), a road's when its centre lies within half the street width of the line (at
 * least about half a cell, so that every road is connected on the grid). Later passes
 * win: land cover (with its tree canopy), then pedestrian ways (paved open space, no
 * traffic; a path through a wooded park keeps the park's canopy over it), then roads
 * (the highest class where roads meet), then buildings. Everything else is yard
 * (courtyards, gardens, unbuilt ground). Last, the districts whose footprints are
 * incomplete (docs/cities.md, "Gaps are not fields") are marked, and their yard cells
 * take the district's estimated built share: unmapped ground there is mostly unmapped
 * buildings.
 */
type Ring = ReadonlyArray<readonly [number, number]>;

export function forEachCellInPolygon(c: Canvas, rings: readonly Ring[], visit: (cell: number) => void): void {
  const local = rings.map((ring) => ring.map((p) => localOf(c, p)));
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of local[0] ?? []) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const c0 = Math.max(0, Math.floor(minX / c.cellW));
  const c1 = Math.min(c.cols - 1, Math.ceil(maxX / c.cellW));
  const r0 = Math.max(0, Math.floor(-maxY / c.cellH));
  const r1 = Math.min(c.rows - 1, Math.ceil(-minY / c.cellH));
  for (let r = r0; r <= r1; r++) {
    const y = cellY(c, r);
    for (let col = c0; col <= c1; col++) {
      const x = cellX(c, col);
      let inside = false;
      for (const pts of local) {
        for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
          const [xi, yi] = pts[i]!;
          const [xj, yj] = pts[j]!;
          if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
        }
      }
      if (inside) visit(r * c.cols + col);
    }
  }
}

const LAND_SURFACE = { park: SURFACE.park, water: SURFACE.water, plaza: SURFACE.plaza } as const;

export function rasteriseGeometry(c: Canvas, geometry: CityGeometry): void {
  c.surface.fill(SURFACE.yard);
  c.roadClass.fill(ROAD_CLASS.none);
  c.heightM.fill(0);
  c.canopy.fill(0);
  const minHalf = (c.cell * 1.05) / 2;
  for (const land of geometry.landcover) {
    const surface = LAND_SURFACE[land.kind];
    for (const polygon of land.polygons)
      forEachCellInPolygon(c, polygon, (cell) => {
        c.surface[cell] = surface;
        // a paved area drawn over a park (its alleys) stays under the park's trees, and a
        // playground or garden inside a park keeps the park's crowns over it: the most
        // wooded reading wins; water has none
        c.canopy[cell] = land.kind === 'water' ? 0 : Math.max(c.canopy[cell]!, land.canopy);
      });
  }
  for (const road of geometry.roads) {
    if (road.kind !== 'pedestrian') continue;
    for (const line of road.lines) {
      forEachCellNearPath(c, line, Math.max(minHalf, road.widthM / 2), (cell) => {
        if (c.surface[cell] !== SURFACE.water) c.surface[cell] = SURFACE.plaza;
      });
    }
  }
  for (const road of geometry.roads) {
    if (road.kind === 'pedestrian') continue;
    const cls = ROAD_CLASS[road.kind];
    for (const line of road.lines) {
      forEachCellNearPath(c, line, Math.max(minHalf, road.widthM / 2), (cell) => {
        c.surface[cell] = SURFACE.road;
        c.roadClass[cell] = Math.max(c.roadClass[cell]!, cls);
        c.canopy[cell] = 0;
      });
    }
  }
  for (const building of geometry.buildings) {
    for (const polygon of building.polygons) {
      forEachCellInPolygon(c, polygon, (cell) => {
        // overlapping footprints (a tower on a podium): the taller one
        const h =
          c.surface[cell] === SURFACE.building
            ? Math.max(c.heightM[cell]!, building.heightM)
            : building.heightM;
        c.surface[cell] = SURFACE.building;
        c.roadClass[cell] = ROAD_CLASS.none;
        c.canopy[cell] = 0;
        c.heightM[cell] = h;
      });
    }
  }
  for (const district of geometry.estimatedDistricts ?? []) {
    for (const polygon of district.polygons)
      forEachCellInPolygon(c, polygon, (cell) => {
        c.estimated[cell] = 1;
        if (c.surface[cell] === SURFACE.yard) c.estimatedBuilt[cell] = district.builtFraction;
      });
  }
}
