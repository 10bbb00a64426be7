import { cellAt, cellCentreLonLat } from '../grid/geometry.ts';
import { SURFACE } from '../morphology/layout.ts';
import type { Morphology } from '../morphology/morphology.ts';
import { maritimeShare, regionalNo2Factor } from '../morphology/national.ts';

/**
 * What couples a city's hyper-local grid to the nationwide 1 km field, so that the two
 * datasets make one seamless field:
 * - inside the zone, the background a city cell sits in (regional NO2 factor and urban
 *   index) is the nationwide one at that point, interpolated, and streets add their
 *   traffic increment on top; the nationwide cell's own road exposure is the area mean
 *   of those streets;
 * - outside the zone (the 200 m margin of the city grid) a cell answers exactly what the
 *   nationwide cell there answers, as the historical service does for such a point.
 */
export interface Background {
  /** regional NO2 factor per cell (1 in the lowlands) */
  regional: Float32Array;
  /** urban-background index per cell */
  urban: Float32Array;
  /** factor on a city cell's road exposure so that its local mean is the nationwide cell's (1 nationwide) */
  exposureScale: Float32Array;
  /** maritime influence 0–1 (coast); every domain has the same shape, so the kernel stays monomorphic */
  maritime: Float32Array;
  /** the nationwide cell answering each city cell outside the zone, else −1; null for the nationwide grid */
  nationalCell: Int32Array | null;
}

/** even–odd rule on the coverage rule's rounded coordinates (a point on an edge is measure zero) */
function insideRing(ring: ReadonlyArray<readonly [number, number]>, lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    const xi = a[0]!;
    const yi = a[1]!;
    const xj = b[0]!;
    const yj = b[1]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** bilinear interpolation of a nationwide raster at a point (cell centres as nodes) */
function sampleNational(national: Morphology, values: Float32Array, lat: number, lon: number): number {
  const g = national.info.grid;
  const x = Math.min(g.cols - 1, Math.max(0, (lon - g.west) / g.dLon - 0.5));
  const y = Math.min(g.rows - 1, Math.max(0, (g.north - lat) / g.dLat - 0.5));
  const c0 = Math.floor(x);
  const r0 = Math.floor(y);
  const c1 = Math.min(g.cols - 1, c0 + 1);
  const r1 = Math.min(g.rows - 1, r0 + 1);
  const fx = x - c0;
  const fy = y - r0;
  const v = (r: number, c: number) => values[r * g.cols + c]!;
  return (1 - fy) * ((1 - fx) * v(r0, c0) + fx * v(r0, c1)) + fy * ((1 - fx) * v(r1, c0) + fx * v(r1, c1));
}

/**
 * Mass-consistent downscaling of road exposure: the hyper-local streets redistribute
 * the nationwide cell's road exposure, so the  mean over a few hundred metres (outdoor cells within
 * ±300 m) equals the nationwide value there; clamped to [0.85, 2] so that hot spots keep their kerbside levels.
 */
function exposureScaleOf(city: Morphology, national: Morphology, outside: Int32Array): Float32Array {
  const { grid } = city.info;
  const { cols, rows } = grid;
  const n = cols * rows;
  const w = cols + 1;
  const sum = new Float64Array(w * (rows + 1));
  const count = new Float64Array(w * (rows + 1));
  const r = city.rasters;
  for (let row = 0; row < rows; row++) {
    let rs = 0;
    let rc = 0;
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      // the zone's own outdoor cells (the margin answers the nationwide cells)
      if (r.surface[cell] !== SURFACE.building && outside[cell]! < 0) {
        rs += r.trafficExposure[cell]!;
        rc++;
      }
      sum[(row + 1) * w + col + 1] = sum[row * w + col + 1]! + rs;
      count[(row + 1) * w + col + 1] = count[row * w + col + 1]! + rc;
    }
  }
  const radius = Math.round(300 / city.info.resolutionM);
  const box = (a: Float64Array, r0: number, r1: number, c0: number, c1: number) =>
    a[r1 * w + c1]! - a[r0 * w + c1]! - a[r1 * w + c0]! + a[r0 * w + c0]!;
  const scale = new Float32Array(n);
  for (let row = 0; row < rows; row++) {
    const r0 = Math.max(0, row - radius);
    const r1 = Math.min(rows, row + radius + 1);
    for (let col = 0; col < cols; col++) {
      const c0 = Math.max(0, col - radius);
      const c1 = Math.min(cols, col + radius + 1);
      const localMean = box(sum, r0, r1, c0, c1) / Math.max(1, box(count, r0, r1, c0, c1));
      const lon = grid.west + (col + 0.5) * grid.dLon;
      const lat = grid.north - (row + 0.5) * grid.dLat;
      const target = sampleNational(national, national.rasters.trafficExposure, lat, lon);
      scale[row * cols + col] = localMean > 0 ? Math.min(2, Math.max(0.85, target / localMean)) : 1;
    }
  }
  return scale;
}

export function nationalBackground(national: Morphology): Background {
  const { grid } = national.info;
  const n = grid.cols * grid.rows;
  const regional = new Float32Array(n);
  const maritime = new Float32Array(n);
  for (let cell = 0; cell < n; cell++) {
    const [lon, lat] = cellCentreLonLat(grid, cell);
    regional[cell] = regionalNo2Factor(lat, lon);
    maritime[cell] = maritimeShare(lat, lon);
  }
  return {
    regional,
    urban: national.rasters.urbanIndex,
    exposureScale: new Float32Array(n).fill(1),
    maritime,
    nationalCell: null,
  };
}

export function cityBackground(city: Morphology, national: Morphology, nationalBg: Background): Background {
  const { grid } = city.info;
  const n = grid.cols * grid.rows;
  const regional = new Float32Array(n);
  const urban = new Float32Array(n);
  const nationalCell = new Int32Array(n).fill(-1);
  const ring = city.info.zone;
  for (let cell = 0; cell < n; cell++) {
    const lon = grid.west + ((cell % grid.cols) + 0.5) * grid.dLon;
    const lat = grid.north - (Math.floor(cell / grid.cols) + 0.5) * grid.dLat;
    regional[cell] = sampleNational(national, nationalBg.regional, lat, lon);
    urban[cell] = sampleNational(national, national.rasters.urbanIndex, lat, lon);
    // the coverage rule's 5-decimal rounding (the arithmetic form: only exact halves differ)
    if (ring && !insideRing(ring, Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5)) {
      nationalCell[cell] = cellAt(national.info.grid, lat, lon);
    }
  }
  const exposureScale = exposureScaleOf(city, national, nationalCell);
  return { regional, urban, exposureScale, maritime: new Float32Array(n), nationalCell };
}
