import { addressFeatureError } from './addresses.ts';
import { type PackageDistrict, parseDistrict } from './districts.ts';
import { extent, type LonLat, lines, type PolygonRings, polygons } from './geometry.ts';
import { MAX_FEATURES } from './limits.ts';
import { type CityManifest, manifestErrors } from './manifest.ts';
import {
  buildingHeight,
  canopyOf,
  classifyLand,
  classifyRoad,
  type LandKind,
  type RoadKind,
  type Tags,
} from './tags.ts';
import { zoneRing } from './zone-ring.ts';

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
  'districts.geojson',
  'addresses.geojson',
] as const;
export type PackageFileName = (typeof PACKAGE_FILES)[number];
export type PackageFiles = Partial<Record<PackageFileName, string>>;

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
  /** 0–1 share under tree crowns (tags.ts, canopyOf) */
  canopy: number;
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
  /** districts whose footprints are incomplete (districts.geojson): their built share is estimated */
  estimatedDistricts: PackageDistrict[];
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
    // V8's message quotes the start of the text: keep only where it failed
    const at = /at position (\d+)/.exec((error as Error).message);
    const where = at ? ` at ${lineAndColumn(text, Number(at[1]))}` : '';
    errors.add(
      file,
      null,
      `json-syntax: the file is not valid JSON${where}; fix the syntax (jq . ${file} shows where)`,
    );
    return undefined;
  }
}

function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return `line ${line}, column ${offset - start + 1}`;
}

function features(
  file: PackageFileName,
  value: unknown,
  errors: Collector,
): Array<{ properties: Tags; geometry: unknown }> {
  if (value === undefined) return []; // not JSON: said once, by json-syntax
  const fc = value as { type?: unknown; features?: unknown };
  if (fc?.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    errors.add(file, null, 'feature-collection: the file must be a GeoJSON FeatureCollection');
    return [];
  }
  if (fc.features.length > MAX_FEATURES) {
    errors.add(
      file,
      null,
      `features-count: ${fc.features.length.toLocaleString('en')} features, more than ${MAX_FEATURES.toLocaleString('en')}; split the city into smaller packages`,
    );
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

function outline(
  file: PackageFileName,
  text: string,
  errors: Collector,
  options: ValidationOptions = {},
): LonLat[] | null {
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
  const ring = zoneRing(g.geometry, { inBelgium: !options.zonesInBelgium });
  if (typeof ring === 'string') {
    errors.add(file, 0, ring);
    return null;
  }
  return ring;
}

/** a zone file (`boundary.geojson`) on its own, e.g. to know where to read an OSM extract */
export function validateZone(
  file: 'boundary.geojson' | 'planned_boundary.geojson',
  text: string,
): { ok: true; ring: LonLat[] } | { ok: false; errors: PackageError[] } {
  const errors = new Collector();
  const ring = presentText(file, text, errors) ? outline(file, text, errors) : null;
  return ring ? { ok: true, ring } : { ok: false, errors: errors.errors };
}

function cellsOf(ring: LonLat[], resolutionM: number): number {
  const [west, south, east, north] = extent(ring);
  const midLat = ((south + north) / 2) * (Math.PI / 180);
  const widthM = (east - west) * 111_195 * Math.cos(midLat) + 400;
  const heightM = (north - south) * 111_195 + 400;
  return (widthM / resolutionM) * (heightM / resolutionM);
}

/** false (and the error) for a file that is present but empty: an empty file is a mistake, not an absent one */
function presentText(file: PackageFileName, text: string, errors: Collector): boolean {
  if (/\S/.test(text)) return true; // not trim(): no copy of a 100 MB text
  errors.add(
    file,
    null,
    `file-empty: the file is empty; write its content (docs/cities.md) or, if the file is optional, leave it out`,
  );
  return false;
}

export interface ValidationOptions {
  /**
   * the zones were found inside Belgium when the package was imported: a model thread
   * re-reading the package for its geometry need not load the country's outline again
   */
  zonesInBelgium?: boolean;
}

export function validateCityPackage(given: PackageFiles, options: ValidationOptions = {}): PackageResult {
  const errors = new Collector();
  for (const required of ['city.json', 'boundary.geojson', 'buildings.geojson'] as const)
    if (given[required] === undefined)
      errors.add(required, null, `file-required: ${required} is missing; add it to the package directory`);
  // an empty file is reported once, then read as absent
  const files: PackageFiles = {};
  for (const name of PACKAGE_FILES) {
    const text = given[name];
    if (text !== undefined && presentText(name, text, errors)) files[name] = text;
  }

  let manifest: CityManifest | null = null;
  if (files['city.json'] !== undefined) {
    const value = parseJson('city.json', files['city.json'], errors);
    if (value !== undefined) {
      const problems = manifestErrors(value);
      for (const p of problems)
        errors.add('city.json', null, `schema: ${p}; see data/cities/schema/city.schema.json`);
      if (problems.length === 0) manifest = value as CityManifest;
    }
  }
  const boundary =
    files['boundary.geojson'] !== undefined
      ? outline('boundary.geojson', files['boundary.geojson'], errors, options)
      : null;
  const planned =
    files['planned_boundary.geojson'] !== undefined
      ? outline('planned_boundary.geojson', files['planned_boundary.geojson'], errors, options)
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
      landcover.push({ polygons: geometry, kind, canopy: kind === 'park' ? canopyOf(f.properties) : 0 });
    }
  }
  const estimatedDistricts: PackageDistrict[] = [];
  if (files['districts.geojson'] !== undefined) {
    const all = features(
      'districts.geojson',
      parseJson('districts.geojson', files['districts.geojson'], errors),
      errors,
    );
    for (const [i, f] of all.entries()) {
      const district = parseDistrict(f);
      if (typeof district === 'string') errors.add('districts.geojson', i, district);
      else if (district.estimatedBuiltFraction !== null) estimatedDistricts.push(district);
    }
  }
  if (files['addresses.geojson'] !== undefined) {
    const all = features(
      'addresses.geojson',
      parseJson('addresses.geojson', files['addresses.geojson'], errors),
      errors,
    );
    for (const [i, f] of all.entries()) {
      const problem = addressFeatureError(f);
      if (problem !== null) errors.add('addresses.geojson', i, problem);
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
      estimatedDistricts,
      weatherEpw: epw,
    },
  };
}
