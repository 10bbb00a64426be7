import { counterclockwise, type LonLat, lines, type PolygonRings, polygons } from './geometry.ts';
import { type CityManifest, manifestErrors } from './manifest.ts';
import {
  buildingHeight,
  classifyLand,
  classifyRoad,
  type LandKind,
  type RoadKind,
  type Tags,
} from './tags.ts';

/**
 * A city data package (docs/cities.md), validated and interpreted: every error names the
 * file, the feature index (when it is about one feature) and the rule. Nothing here reads
 * files; the caller hands in each file's text (absent = undefined).
 */
export const PACKAGE_FILES = [
  'city.json',
  'boundary.geojson',
  'planned_boundary.geojson',
  'buildings.geojson',
  'roads.geojson',
  'landcover.geojson',
  'weather.epw',
] as const;
export type PackageFileName = (typeof PACKAGE_FILES)[number];
export type PackageFiles = Partial<Record<PackageFileName, string>>;

/** the nationwide grid's extent: a city must lie inside it */
export const BELGIUM_EXTENT: [number, number, number, number] = [2.5, 49.45, 6.45, 51.55];
/** grid cells a city may have at its resolution (memory: ~100 bytes per cell) */
export const MAX_CITY_CELLS = 1_500_000;

export interface PackageError {
  file: PackageFileName;
  /** index in the file's `features`, when the error is about one feature */
  feature: number | null;
  rule: string;
  message: string;
}

export function formatPackageError(e: PackageError): string {
  return `${e.file}${e.feature === null ? '' : ` feature ${e.feature}`}: [${e.rule}] ${e.message}`;
}

export interface PackageBuilding {
  polygons: PolygonRings[];
  heightM: number;
}
export interface PackageRoad {
  lines: LonLat[][];
  kind: RoadKind;
  widthM: number;
}
/** a road tunnel: traffic underground, exhaust at the two ends of each line (pedestrian tunnels carry none) */
export interface PackageTunnel {
  lines: LonLat[][];
  kind: Exclude<RoadKind, 'pedestrian'>;
  widthM: number;
}
export interface PackageLand {
  polygons: PolygonRings[];
  kind: LandKind;
}

export interface CityPackage {
  manifest: CityManifest;
  /** exterior ring of the high-resolution zone, closed, counterclockwise */
  boundary: LonLat[];
  plannedBoundary: LonLat[] | null;
  buildings: PackageBuilding[];
  /** surface roads; tunnels (tunnel=*, covered=yes, layer<0) are kept apart */
  roads: PackageRoad[];
  tunnels: PackageTunnel[];
  landcover: PackageLand[];
  /** EnergyPlus weather text, kept with the package */
  weatherEpw: string | null;
}

export type PackageResult = { ok: true; city: CityPackage } | { ok: false; errors: PackageError[] };

const MAX_ERRORS = 50;

class Collector {
  readonly errors: PackageError[] = [];
  add(file: PackageFileName, feature: number | null, failed: string): void {
    if (this.errors.length >= MAX_ERRORS) return;
    const colon = failed.indexOf(': ');
    const rule = colon > 0 ? failed.slice(0, colon) : 'invalid';
    this.errors.push({ file, feature, rule, message: colon > 0 ? failed.slice(colon + 2) : failed });
  }
}

function parseJson(file: PackageFileName, text: string, errors: Collector): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    errors.add(file, null, `json-syntax: ${(error as Error).message}`);
    return undefined;
  }
}

function features(
  file: PackageFileName,
  value: unknown,
  errors: Collector,
): Array<{ properties: Tags; geometry: unknown }> {
  const fc = value as { type?: unknown; features?: unknown };
  if (fc?.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    errors.add(file, null, 'feature-collection: the file must be a GeoJSON FeatureCollection');
    return [];
  }
  return (fc.features as unknown[]).map((f, i) => {
    const feature = f as { type?: unknown; properties?: unknown; geometry?: unknown };
    if (feature?.type !== 'Feature')
      errors.add(file, i, 'feature-type: each entry must be a GeoJSON Feature');
    const properties =
      feature?.properties && typeof feature.properties === 'object' ? (feature.properties as Tags) : {};
    return { properties, geometry: feature?.geometry };
  });
}

function outline(file: PackageFileName, text: string, errors: Collector): LonLat[] | null {
  const value = parseJson(file, text, errors) as { type?: unknown; features?: unknown[] } | undefined;
  if (value === undefined) return null;
  let feature: unknown = value;
  if (value?.type === 'FeatureCollection') {
    if (!Array.isArray(value.features) || value.features.length !== 1) {
      errors.add(file, null, 'boundary-single: the boundary is one Polygon Feature');
      return null;
    }
    feature = value.features[0];
  }
  const g = (feature as { type?: unknown; geometry?: { type?: unknown } }) ?? {};
  if (g.type !== 'Feature' || g.geometry?.type !== 'Polygon') {
    errors.add(file, null, 'boundary-polygon: the boundary is a GeoJSON Feature with a Polygon geometry');
    return null;
  }
  const rings = polygons(g.geometry);
  if (typeof rings === 'string') {
    errors.add(file, 0, rings);
    return null;
  }
  const ring = counterclockwise(rings[0]![0]!);
  const [w, s, e, n] = BELGIUM_EXTENT;
  if (ring.some(([lon, lat]) => lon < w || lon > e || lat < s || lat > n)) {
    errors.add(file, 0, `boundary-in-belgium: the zone must lie within [${BELGIUM_EXTENT.join(', ')}]`);
    return null;
  }
  return ring;
}

function cellsOf(ring: LonLat[], resolutionM: number): number {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180);
  const widthM = (Math.max(...lons) - Math.min(...lons)) * 111_195 * Math.cos(midLat) + 400;
  const heightM = (Math.max(...lats) - Math.min(...lats)) * 111_195 + 400;
  return (widthM / resolutionM) * (heightM / resolutionM);
}

export function validateCityPackage(files: PackageFiles): PackageResult {
  const errors = new Collector();
  for (const required of ['city.json', 'boundary.geojson', 'buildings.geojson'] as const)
    if (files[required] === undefined) errors.add(required, null, `file-required: ${required} is missing`);

  let manifest: CityManifest | null = null;
  if (files['city.json'] !== undefined) {
    const value = parseJson('city.json', files['city.json'], errors);
    if (value !== undefined) {
      const problems = manifestErrors(value);
      for (const p of problems) errors.add('city.json', null, `schema: ${p}`);
      if (problems.length === 0) manifest = value as CityManifest;
    }
  }
  const boundary =
    files['boundary.geojson'] && outline('boundary.geojson', files['boundary.geojson'], errors);
  const planned = files['planned_boundary.geojson']
    ? outline('planned_boundary.geojson', files['planned_boundary.geojson'], errors)
    : null;
  if (boundary && manifest && cellsOf(boundary, manifest.resolution_m ?? 10) > MAX_CITY_CELLS)
    errors.add(
      'boundary.geojson',
      0,
      `boundary-size: the zone needs more than ${MAX_CITY_CELLS} cells at ${manifest.resolution_m ?? 10} m; split the city or coarsen resolution_m`,
    );

  const buildings: PackageBuilding[] = [];
  if (files['buildings.geojson'] !== undefined) {
    const all = features(
      'buildings.geojson',
      parseJson('buildings.geojson', files['buildings.geojson'], errors),
      errors,
    );
    for (const [i, f] of all.entries()) {
      const geometry = polygons(f.geometry);
      if (typeof geometry === 'string') {
        errors.add('buildings.geojson', i, geometry);
        continue;
      }
      const height = buildingHeight(f.properties);
      if (typeof height === 'string') {
        errors.add('buildings.geojson', i, height);
        continue;
      }
      buildings.push({ polygons: geometry, heightM: height });
    }
  }
  const roads: PackageRoad[] = [];
  const tunnels: PackageTunnel[] = [];
  if (files['roads.geojson'] !== undefined) {
    const all = features('roads.geojson', parseJson('roads.geojson', files['roads.geojson'], errors), errors);
    for (const [i, f] of all.entries()) {
      const geometry = lines(f.geometry);
      if (typeof geometry === 'string') {
        errors.add('roads.geojson', i, geometry);
        continue;
      }
      const road = classifyRoad(f.properties);
      if (typeof road === 'string') {
        errors.add('roads.geojson', i, road);
        continue;
      }
      if (!road.underground) roads.push({ lines: geometry, kind: road.kind, widthM: road.widthM });
      else if (road.kind !== 'pedestrian')
        tunnels.push({ lines: geometry, kind: road.kind, widthM: road.widthM });
    }
  }
  const landcover: PackageLand[] = [];
  if (files['landcover.geojson'] !== undefined) {
    const all = features(
      'landcover.geojson',
      parseJson('landcover.geojson', files['landcover.geojson'], errors),
      errors,
    );
    for (const [i, f] of all.entries()) {
      const geometry = polygons(f.geometry);
      if (typeof geometry === 'string') {
        errors.add('landcover.geojson', i, geometry);
        continue;
      }
      const kind = classifyLand(f.properties);
      if (kind !== 'park' && kind !== 'water' && kind !== 'plaza') {
        errors.add('landcover.geojson', i, kind);
        continue;
      }
      landcover.push({ polygons: geometry, kind });
    }
  }
  const epw = files['weather.epw'] ?? null;
  if (epw !== null) {
    const rows = epw.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (!rows[0]?.startsWith('LOCATION,') || rows.length < 8 + 8760)
      errors.add(
        'weather.epw',
        null,
        'epw-format: an EnergyPlus weather file starts with LOCATION and has 8 header lines and 8760 hourly rows',
      );
  }
  if (errors.errors.length > 0 || !manifest || !boundary) return { ok: false, errors: errors.errors };
  return {
    ok: true,
    city: {
      manifest,
      boundary,
      plannedBoundary: planned ?? null,
      buildings,
      roads,
      tunnels,
      landcover,
      weatherEpw: epw,
    },
  };
}
