import { embeddedRegistry } from '../../src/adapters/cities/embedded-packages.ts';
import { classifyPoint } from '../../src/domain/coverage/classify.ts';
import type { DomainId } from '../../src/domain/grid/model-data.ts';
import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { cellAt, METRES_PER_DEGREE_LAT, metresPerDegreeLon } from '../../src/model/embedded/grid/geometry.ts';
import { SURFACE } from '../../src/model/embedded/morphology/layout.ts';
import type { Morphology } from '../../src/model/embedded/morphology/morphology.ts';
import { AIR_RATIO_BAND, SITES, type Site } from './sites.ts';

/** the shipped packages' cities (no composition root here) */
const registry = embeddedRegistry();

/**
 * Annual NO2 and PM2.5 of the reference year at the validation sites, through the
 * dataset a customer would get there (the same coverage rule as the services), and the
 * step across the edge of Brussels' high-resolution zone.
 */
export interface AirRow {
  site: Site;
  dataset: 'hyper-local' | 'nationwide 1 km';
  no2: number;
  pm25: number;
  no2Ratio: number;
  pm25Ratio: number;
}

export const mean = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s / xs.length;
};

/** outdoor cells within `radiusM` of a point, every `stride`-th row and column */
export function cellsAround(m: Morphology, lat: number, lon: number, radiusM: number, stride = 1): number[] {
  const g = m.info.grid;
  const col = Math.floor((lon - g.west) / g.dLon);
  const row = Math.floor((g.north - lat) / g.dLat);
  const dx = g.dLon * metresPerDegreeLon(lat);
  const dy = g.dLat * METRES_PER_DEGREE_LAT;
  const out: number[] = [];
  const rc = Math.ceil(radiusM / dx);
  const rr = Math.ceil(radiusM / dy);
  for (let r = row - rr; r <= row + rr; r += stride) {
    for (let c = col - rc; c <= col + rc; c += stride) {
      if (r < 0 || c < 0 || r >= g.rows || c >= g.cols) continue;
      if (Math.hypot((c - col) * dx, (r - row) * dy) > radiusM) continue;
      const cell = r * g.cols + c;
      if (m.rasters.surface[cell] !== SURFACE.building) out.push(cell);
    }
  }
  if (out.length === 0) {
    const cell = cellAt(g, lat, lon);
    if (cell >= 0) out.push(cell);
  }
  return out;
}

export function domainAt(lat: number, lon: number): DomainId {
  const c = classifyPoint(registry, lat, lon);
  return c.covered === 'high_res' ? (c.city.id as DomainId) : 'belgium';
}

export function annualAt(
  engine: ModelEngine,
  lat: number,
  lon: number,
  radiusM: number,
): { domain: DomainId; no2: number; pm25: number } {
  const domain = domainAt(lat, lon);
  const m = engine.morphology(domain);
  const cells = domain === 'belgium' ? [cellAt(m.info.grid, lat, lon)] : cellsAround(m, lat, lon, radiusM);
  const series = engine.series(domain, cells, { kind: 'reference' });
  return {
    domain,
    no2: mean(series.map((s) => mean(s.no2))),
    pm25: mean(series.map((s) => mean(s.pm25))),
  };
}

export function airRows(engine: ModelEngine): AirRow[] {
  return SITES.map((site) => {
    // a traffic station samples its kerb; a background station its block (outdoor cells within 50 m)
    const a = annualAt(engine, site.lat, site.lon, site.kind === 'traffic' ? 15 : 50);
    return {
      site,
      dataset: a.domain === 'belgium' ? 'nationwide 1 km' : 'hyper-local',
      no2: a.no2,
      pm25: a.pm25,
      no2Ratio: a.no2 / site.no2,
      pm25Ratio: a.pm25 / site.pm25,
    };
  });
}

export const withinBand = (ratio: number): boolean => ratio <= AIR_RATIO_BAND && ratio >= 1 / AIR_RATIO_BAND;

export interface BoundaryStep {
  lat: number;
  lon: number;
  /** nationwide cell 150 m outside the zone, annual NO2 */
  outside: number;
  /** mean of the hyper-local cells within 300 m of a point 300 m inside */
  inside: number;
  /** standard deviation of those hyper-local cells: the natural cell-to-cell variation */
  spread: number;
  /** largest difference between the nationwide cell and its eight neighbours */
  nationalStep: number;
}

/** annual NO2 on both sides of the zone edge, every ~`everyM` metres along it */
export function boundarySteps(engine: ModelEngine, everyM = 900): BoundaryStep[] {
  const ring = registry.find('brussels')!.boundary;
  const steps: BoundaryStep[] = [];
  const kx = metresPerDegreeLon(50.85);
  const ky = METRES_PER_DEGREE_LAT;
  let carry = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [lon0, lat0] = ring[i]!;
    const [lon1, lat1] = ring[i + 1]!;
    const ex = (lon1 - lon0) * kx;
    const ey = (lat1 - lat0) * ky;
    const len = Math.hypot(ex, ey);
    for (let d = carry; d < len; d += everyM) {
      const lon = lon0 + (ex * (d / len)) / kx;
      const lat = lat0 + (ey * (d / len)) / ky;
      // unit normal; which side is inside is decided by the coverage rule itself
      let nx = -ey / len;
      let ny = ex / len;
      if (classifyPoint(registry, lat + (ny * 300) / ky, lon + (nx * 300) / kx).covered !== 'high_res') {
        nx = -nx;
        ny = -ny;
      }
      const inLat = lat + (ny * 300) / ky;
      const inLon = lon + (nx * 300) / kx;
      const outLat = lat - (ny * 150) / ky;
      const outLon = lon - (nx * 150) / kx;
      const m = engine.morphology('brussels');
      // an area comparable with the 1 km cell: the hyper-local cells within 300 m
      const cells = cellsAround(m, inLat, inLon, 300, 6);
      const values = engine.series('brussels', cells, { kind: 'reference' }).map((s) => mean(s.no2));
      const inside = mean(values);
      const spread = Math.sqrt(mean(values.map((v) => (v - inside) ** 2)));
      const outside = annualAt(engine, outLat, outLon, 0).no2;
      const be = engine.morphology('belgium');
      const centre = cellAt(be.info.grid, outLat, outLon);
      const cols = be.info.grid.cols;
      const ring = [-cols - 1, -cols, -cols + 1, -1, 1, cols - 1, cols, cols + 1].map((d) => centre + d);
      const around = engine.series('belgium', ring, { kind: 'reference' }).map((s) => mean(s.no2));
      const nationalStep = Math.max(...around.map((v) => Math.abs(v - outside)));
      steps.push({ lat, lon, inside, outside, spread, nationalStep });
    }
    carry = Math.max(0, carry - len);
  }
  return steps;
}
