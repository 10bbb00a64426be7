import type { CityGeometry } from '../../../domain/coverage/city-package/model-geometry.ts';
import { PARK_CANOPY } from '../../../domain/coverage/city-package/tags.ts';
import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import { distanceTransform } from '../grid/distance-transform.ts';
import { raiseBuildings } from './buildings.ts';
import { type Canvas, createCanvas } from './canvas.ts';
import { canyonGeometry } from './canyon.ts';
import type { CityPlan } from './city-plan.ts';
import { footprintRectangles } from './footprints.ts';
import { horizonAndSkyView } from './horizon.ts';
import { ROAD_CLASS, SURFACE } from './layout.ts';
import type { Morphology } from './morphology.ts';
import { packMorphology } from './pack.ts';
import { rasteriseGeometry } from './rasterise-geometry.ts';
import { assignDistricts, layStreets } from './street-network.ts';
import { portalExposure } from './tunnel-portals.ts';
import { builtFraction, trafficExposure, windFactors } from './wind-exposure.ts';

/**
 * A city's morphology: its surface, traffic classes and building heights on the grid
 * (from a city's geometry, or from a synthetic plan when the embedded packages are
 * regenerated), then every derived raster. Deterministic: the same grid gives the same
 * cells.
 */
export interface CityClimate {
  /** 0–1 size of the city's urban background (Brussels 1) */
  urbanIndex: number;
  /** air-temperature offset against Uccle (elevation, position), °C */
  taOffsetC: number;
}

/** the grid of a synthetic plan: districts, streets, buildings (used to write the embedded packages) */
export function planCanvas(info: DomainInfo, plan: CityPlan): Canvas {
  const c = createCanvas(info.grid);
  assignDistricts(c, plan);
  layStreets(c, plan);
  raiseBuildings(c, plan);
  // a plan's parks are written into its package as `leisure=park`: the same canopy here
  for (let i = 0; i < c.surface.length; i++) if (c.surface[i] === SURFACE.park) c.canopy[i] = PARK_CANOPY;
  c.tunnels = plan.tunnels.map((t) => ({ lines: [t.path], kind: t.roadClass, widthM: t.widthM }));
  return c;
}

/** A package's own climate figures, the nationwide grid's where it gives none. */
export function withClimateDefaults(
  given: { urbanIndex: number | null; taOffsetC: number | null },
  defaults: CityClimate,
): CityClimate {
  return {
    urbanIndex: given.urbanIndex ?? defaults.urbanIndex,
    taOffsetC: given.taOffsetC ?? defaults.taOffsetC,
  };
}

export function generateCity(info: DomainInfo, plan: CityPlan, climate: CityClimate): Morphology {
  return deriveMorphology(info, planCanvas(info, plan), climate);
}

/** the grid of a city's geometry */
export function geometryCanvas(info: DomainInfo, geometry: CityGeometry): Canvas {
  const c = createCanvas(info.grid);
  rasteriseGeometry(c, geometry);
  c.tunnels = geometry.tunnels.map((t) => ({ lines: t.lines, kind: t.kind, widthM: t.widthM }));
  return c;
}

export function cityFromGeometry(info: DomainInfo, geometry: CityGeometry, climate: CityClimate): Morphology {
  return deriveMorphology(info, geometryCanvas(info, geometry), climate);
}

/** every derived raster from the grid's surface, traffic classes and heights */
export function deriveMorphology(info: DomainInfo, c: Canvas, climate: CityClimate): Morphology {
  const n = c.cols * c.rows;

  const isBuilding = new Uint8Array(n);
  for (let i = 0; i < n; i++) isBuilding[i] = c.surface[i] === SURFACE.building ? 1 : 0;
  const toMetres = (d: Float32Array) => {
    for (let i = 0; i < n; i++) d[i] = Math.min(5000, d[i]! * c.cell);
    return d;
  };
  const distMajorM = toMetres(distanceTransform((i) => c.roadClass[i] === ROAD_CLASS.major, c.cols, c.rows));
  const distSecondaryM = toMetres(
    distanceTransform((i) => c.roadClass[i] === ROAD_CLASS.secondary, c.cols, c.rows),
  );
  const distLocalM = toMetres(distanceTransform((i) => c.roadClass[i] === ROAD_CLASS.local, c.cols, c.rows));
  const { horizon, svf } = horizonAndSkyView(c);
  const { aspect, axisDeg } = canyonGeometry(c);
  const { factor, turbulence } = windFactors(c, aspect, axisDeg, svf);
  const exposure = trafficExposure(distMajorM, distSecondaryM, distLocalM, aspect, portalExposure(c));
  // a mapped building counts whole, unmapped ground in an incompletely mapped district its estimated share
  const built = builtFraction(
    (i) => (isBuilding[i] === 1 ? 1 : c.estimatedBuilt[i]!),
    c.cols,
    c.rows,
    Math.round(120 / c.cell),
  );
  const rect = footprintRectangles(c.heightM, isBuilding, c.cols, c.rows);

  return packMorphology(
    info,
    {
      surface: c.surface,
      roadClass: c.roadClass,
      heightM: c.heightM,
      distMajorM,
      distSecondaryM,
      distLocalM,
      svf,
      horizon,
      canyonAspect: aspect,
      canyonAxisDeg: axisDeg,
      windFactor: factor,
      turbulence,
      trafficExposure: exposure,
      urbanIndex: new Float32Array(n).fill(climate.urbanIndex),
      builtFraction: built,
      taOffsetC: new Float32Array(n).fill(climate.taOffsetC),
      geometryEstimated: c.estimated,
      canopy: Uint8Array.from(c.canopy, (share) => Math.round(share * 100)),
    },
    { rects: rect.rects, rectHeightM: rect.heights },
  );
}
