import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import { cellCentreLonLat, METRES_PER_DEGREE_LAT, metresPerDegreeLon } from '../grid/geometry.ts';
import { BELGIAN_TOWNS } from './belgian-cities.ts';
import { HORIZON_DIRECTIONS, ROAD_CLASS, SURFACE, WIND_SECTORS } from './layout.ts';
import type { Morphology } from './morphology.ts';
import { packMorphology } from './pack.ts';

/**
 * The nationwide 1 km grid: no buildings, but an urbanisation index built from the
 * real positions and sizes of Belgian towns (Gaussian footprints whose width grows
 * with population), a coarse terrain (low Flanders, rising to the Ardennes plateau and
 * the Hautes Fagnes) for the temperature lapse rate and wind, and the coast for wind.
 */
function townInfluence(lat: number, lon: number): number {
  let notUrban = 1;
  for (const [, tLat, tLon, popK] of BELGIAN_TOWNS) {
    const dx = (lon - tLon) * metresPerDegreeLon(tLat);
    const dy = (lat - tLat) * METRES_PER_DEGREE_LAT;
    const d2 = (dx * dx + dy * dy) / 1e6; // km²
    // dense cores fall off within a few km (Uccle, 5.5 km from the Grand-Place, is
    // leafy suburb); the slower regional gradient is in regionalNo2Factor
    const sigma = 0.8 + 0.75 * Math.sqrt(popK / 50);
    const peak = Math.min(0.95, 0.35 + 0.25 * Math.log10(popK / 10));
    notUrban *= 1 - peak * Math.exp(-d2 / (2 * sigma * sigma));
  }
  return 1 - notUrban;
}

/** large forests, 0–1: Forêt de Soignes / Zoniënwoud south-east of Brussels */
export function forestShare(lat: number, lon: number): number {
  const dx = (lon - 4.425) * metresPerDegreeLon(lat);
  const dy = (lat - 50.772) * METRES_PER_DEGREE_LAT;
  return Math.exp(-(((dx / 3500) ** 2 + (dy / 2600) ** 2) ** 2));
}

/**
 * Imported (regional) NO2 relative to the lowlands: background NO2 falls from the
 * Flemish diamond and the coast (Rotterdam–Antwerp–Lille emissions, shipping) to the
 * Ardennes (4–6 µg/m³, IRCEL), and forests take up NO2 away from roads.
 */
export function regionalNo2Factor(lat: number, lon: number): number {
  const upland = Math.exp(-((terrainM(lat, lon) / 300) ** 1.5));
  return (0.38 + 0.62 * upland) * (1 - 0.45 * forestShare(lat, lon));
}

/**
 * Motorways (approximate polylines, lon/lat): the national grid's 1 km cells get the
 * traffic exposure of the nearest one, which is what lifts Haren (E19/R0/Brussels ring
 * and the canal industry) above the urban background.
 */
const MOTORWAYS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  // E19 Brussels – Mechelen – Antwerp
  [
    [4.39, 50.875],
    [4.42, 50.93],
    [4.47, 51.03],
    [4.43, 51.17],
  ],
  // R0 ring, northern and eastern arcs (Haren, Zaventem, Wezembeek)
  [
    [4.26, 50.9],
    [4.33, 50.92],
    [4.41, 50.9],
    [4.47, 50.87],
    [4.46, 50.81],
    [4.42, 50.76],
  ],
  // E40 Brussels – Leuven – Liège
  [
    [4.41, 50.865],
    [4.55, 50.87],
    [4.7, 50.865],
    [5.2, 50.75],
    [5.5, 50.66],
  ],
  // E40 Brussels – Gent – Brugge
  [
    [4.265, 50.875],
    [4.05, 50.94],
    [3.73, 51.02],
    [3.25, 51.17],
    [2.95, 51.18],
  ],
  // E411 Brussels – Namur – Arlon
  [
    [4.41, 50.82],
    [4.55, 50.73],
    [4.86, 50.48],
    [5.35, 50.1],
    [5.8, 49.68],
  ],
  // E19 Brussels – Mons, E17 Gent – Antwerp, E313 Antwerp – Liège, E42 Mons – Namur – Liège
  [
    [4.31, 50.8],
    [4.1, 50.62],
    [3.95, 50.45],
  ],
  [
    [3.73, 51.02],
    [4.13, 51.15],
    [4.38, 51.19],
  ],
  [
    [4.48, 51.2],
    [4.85, 51.15],
    [5.3, 50.95],
    [5.55, 50.7],
  ],
  [
    [3.95, 50.45],
    [4.45, 50.45],
    [4.86, 50.48],
    [5.5, 50.62],
  ],
];

function motorwayDistanceKm(lat: number, lon: number): number {
  const kx = metresPerDegreeLon(lat) / 1000;
  const ky = METRES_PER_DEGREE_LAT / 1000;
  let best = Number.POSITIVE_INFINITY;
  for (const line of MOTORWAYS) {
    for (let i = 0; i + 1 < line.length; i++) {
      const [ax, ay] = line[i]!;
      const [bx, by] = line[i + 1]!;
      const px = (lon - ax) * kx;
      const py = (lat - ay) * ky;
      const vx = (bx - ax) * kx;
      const vy = (by - ay) * ky;
      const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)));
      best = Math.min(best, Math.hypot(px - t * vx, py - t * vy));
    }
  }
  return best;
}

/** crude terrain height, metres */
export function terrainM(lat: number, lon: number): number {
  const s = (lon - 2.5) * 0.6 + (51.4 - lat);
  const ramp = 5 + 25 * Math.max(0, s - 0.3) ** 1.8;
  const ardennes = 330 * Math.exp(-(((lat - 50.15) / 0.45) ** 2 + ((lon - 5.6) / 0.7) ** 2));
  const fagnes = 280 * Math.exp(-(((lat - 50.48) / 0.18) ** 2 + ((lon - 6.05) / 0.25) ** 2));
  return ramp + ardennes + fagnes;
}

/** distance to the coast line (De Panne to Knokke), km */
function coastDistanceKm(lat: number, lon: number): number {
  const [ax, ay, bx, by] = [2.54, 51.09, 3.37, 51.37];
  const k = metresPerDegreeLon(51.2) / 1000;
  const m = METRES_PER_DEGREE_LAT / 1000;
  const px = (lon - ax) * k;
  const py = (lat - ay) * m;
  const vx = (bx - ax) * k;
  const vy = (by - ay) * m;
  const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)));
  return Math.hypot(px - t * vx, py - t * vy);
}

/** maritime influence on temperature, 0–1: fades over ~6 km inland */
export function maritimeShare(lat: number, lon: number): number {
  return Math.exp(-coastDistanceKm(lat, lon) / 6);
}

const UCCLE_ELEVATION_M = 100;

export function generateNational(info: DomainInfo): Morphology {
  const { cols, rows } = info.grid;
  const n = cols * rows;
  const urbanIndex = new Float32Array(n);
  const exposure = new Float32Array(n);
  const built = new Float32Array(n);
  const taOffset = new Float32Array(n);
  const svf = new Float32Array(n);
  const windFactor = new Uint8Array(n * WIND_SECTORS);
  const turbulence = new Float32Array(n);
  const far = new Float32Array(n).fill(5000);
  for (let cell = 0; cell < n; cell++) {
    const [lon, lat] = cellCentreLonLat(info.grid, cell);
    const urban = townInfluence(lat, lon) * (1 - 0.85 * forestShare(lat, lon));
    urbanIndex[cell] = urban;
    // area-mean road exposure of a 1 km cell: that of the hyper-local city cells at the
    // same urbanisation (Brussels' Pentagon ≈ 0.3), plus a nearby motorway
    exposure[cell] = 0.38 * urban ** 1.6 + 1.2 * Math.exp(-motorwayDistanceKm(lat, lon) / 0.5);
    built[cell] = 0.45 * urban;
    taOffset[cell] = -0.0065 * (terrainM(lat, lon) - UCCLE_ELEVATION_M);
    svf[cell] = 1 - 0.2 * urban;
    const coast = Math.exp(-coastDistanceKm(lat, lon) / 8);
    const upland = Math.max(0, terrainM(lat, lon) - 250) / 1000;
    // an urban 1 km cell answers the mean of its streets, squares and yards (Brussels'
    // hyper-local mean ≈ 0.31 × U10 at u ≈ 0.8), so the two datasets agree at the zone edge
    const a = 0.68 * (1 - 0.67 * urban) * (1 + 0.55 * coast) * (1 + 0.5 * upland);
    windFactor.fill(Math.round(a * 100), cell * WIND_SECTORS, (cell + 1) * WIND_SECTORS);
    turbulence[cell] = 0.16 + 0.12 * urban;
  }
  return packMorphology(
    info,
    {
      surface: new Uint8Array(n).fill(SURFACE.land),
      roadClass: new Uint8Array(n).fill(ROAD_CLASS.none),
      heightM: new Float32Array(n),
      distMajorM: far,
      distSecondaryM: far,
      distLocalM: far,
      svf,
      horizon: new Uint8Array(n * HORIZON_DIRECTIONS),
      canyonAspect: new Float32Array(n),
      canyonAxisDeg: new Float32Array(n),
      windFactor,
      turbulence,
      trafficExposure: exposure,
      urbanIndex,
      builtFraction: built,
      taOffsetC: taOffset,
      // 1 km cells carry no footprints to be incomplete
      geometryEstimated: new Uint8Array(n),
      // the 1 km cells' trees are in their wind factor and shade share (cell-kernel.ts)
      canopy: new Uint8Array(n),
    },
    { rects: new Int32Array(0), rectHeightM: new Float32Array(0) },
  );
}
