import type { DomainInfo } from '../../port.ts';
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
function townInfluence(lat: number, lon: number): { urban: number; regional: number } {
  let notUrban = 1;
  let regional = 0;
  for (const [, tLat, tLon, popK] of BELGIAN_TOWNS) {
    const dx = (lon - tLon) * metresPerDegreeLon(tLat);
    const dy = (lat - tLat) * METRES_PER_DEGREE_LAT;
    const d2 = (dx * dx + dy * dy) / 1e6; // km²
    const sigma = 0.8 + 1.2 * Math.sqrt(popK / 50);
    const peak = Math.min(0.95, 0.35 + 0.25 * Math.log10(popK / 10));
    notUrban *= 1 - peak * Math.exp(-d2 / (2 * sigma * sigma));
    const sigmaRegional = 5 * sigma + 10;
    regional += (popK / 1000) * Math.exp(-d2 / (2 * sigmaRegional * sigmaRegional));
  }
  return { urban: 1 - notUrban, regional: Math.min(1, regional / 0.9) };
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
    const { urban, regional } = townInfluence(lat, lon);
    // the regional term lifts background pollution across the dense Flemish diamond
    urbanIndex[cell] = Math.min(1, 0.75 * urban + 0.25 * regional);
    exposure[cell] = 0.9 * urban ** 1.6;
    built[cell] = 0.45 * urban;
    taOffset[cell] = -0.0065 * (terrainM(lat, lon) - UCCLE_ELEVATION_M);
    svf[cell] = 1 - 0.2 * urban;
    const coast = Math.exp(-coastDistanceKm(lat, lon) / 8);
    const upland = Math.max(0, terrainM(lat, lon) - 250) / 1000;
    const a = 0.68 * (1 - 0.45 * urban) * (1 + 0.35 * coast) * (1 + upland);
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
    },
    { rects: new Int32Array(0), rectHeightM: new Float32Array(0) },
  );
}
