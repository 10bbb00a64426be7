import { lines, polygons } from '../../coverage/city-package/geometry.ts';
import type { PackageFiles } from '../../coverage/city-package/package.ts';
import { boundsOf } from '../../grid/bbox.ts';

/**
 * The basemap's features from a city package's OpenStreetMap-style files (docs/map.md,
 * "Basemap"): roads by class with their names, water, green, other land use, building
 * outlines, the zone's outline and place labels. Read leniently: a feature the basemap
 * cannot draw is left out (the package's validation, not the map, judges packages).
 * Coordinates stay lon/lat; features are projected per tile (tile.ts).
 */
export type BasemapLayer = 'water' | 'green' | 'landuse' | 'buildings' | 'roads' | 'boundary' | 'places';
type LonLat = [number, number];

export interface BasemapFeature {
  layer: BasemapLayer;
  /** 1 point, 2 lines, 3 polygons */
  type: 1 | 2 | 3;
  /** points: one part of one position; lines: each part a line; polygons: rings, exterior first then holes, per polygon */
  parts: LonLat[][];
  /** for polygons: how many rings each polygon of `parts` has */
  ringCounts?: number[];
  tags: Record<string, string | number>;
  /** west, south, east, north */
  bbox: [number, number, number, number];
  /** the lowest zoom it is drawn at */
  minzoom: number;
}

/** highway value → the class the style draws (links draw as their road) */
const ROAD_CLASS: Record<string, string> = {
  motorway: 'motorway',
  trunk: 'trunk',
  primary: 'primary',
  secondary: 'secondary',
  tertiary: 'tertiary',
  unclassified: 'residential',
  residential: 'residential',
  living_street: 'residential',
  road: 'residential',
  service: 'service',
  pedestrian: 'pedestrian',
  footway: 'footway',
  path: 'footway',
  cycleway: 'footway',
  steps: 'footway',
  track: 'footway',
  bridleway: 'footway',
};
const ROAD_MINZOOM: Record<string, number> = {
  motorway: 0,
  trunk: 0,
  primary: 10,
  secondary: 11,
  tertiary: 12,
  residential: 13,
  pedestrian: 13,
  service: 14,
  footway: 14,
};

const GREEN: Record<string, Record<string, string>> = {
  leisure: {
    park: 'park',
    garden: 'park',
    playground: 'park',
    recreation_ground: 'park',
    nature_reserve: 'wood',
    pitch: 'grass',
    golf_course: 'grass',
  },
  landuse: {
    forest: 'wood',
    grass: 'grass',
    meadow: 'grass',
    recreation_ground: 'park',
    village_green: 'grass',
    cemetery: 'cemetery',
    allotments: 'grass',
    orchard: 'grass',
    farmland: 'farmland',
  },
  natural: { wood: 'wood', scrub: 'wood', grassland: 'grass', heath: 'grass' },
};
const WATER: Record<string, Record<string, string>> = {
  natural: { water: 'water', wetland: 'wetland' },
  landuse: { reservoir: 'water', basin: 'water' },
  waterway: { riverbank: 'water', dock: 'water' },
  leisure: { swimming_pool: 'water' },
};

function classOf(
  table: Record<string, Record<string, string>>,
  tags: Record<string, unknown>,
): string | null {
  for (const [key, values] of Object.entries(table)) {
    const value = tags[key];
    if (typeof value === 'string' && values[value]) return values[value]!;
  }
  return null;
}

function nameOf(tags: Record<string, unknown>): string | null {
  const name = tags.name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

function parse(text: string | undefined): Array<{ properties: Record<string, unknown>; geometry: unknown }> {
  if (text === undefined) return [];
  try {
    const doc = JSON.parse(text) as { features?: unknown };
    if (!Array.isArray(doc.features)) return [];
    return doc.features.map((f: { properties?: unknown; geometry?: unknown }) => ({
      properties: (f?.properties ?? {}) as Record<string, unknown>,
      geometry: f?.geometry,
    }));
  } catch {
    return [];
  }
}

function polygonFeature(
  layer: BasemapLayer,
  geometry: unknown,
  tags: Record<string, string | number>,
  minzoom: number,
): BasemapFeature | null {
  const polys = polygons(geometry);
  if (typeof polys === 'string' || polys.length === 0) return null;
  const parts = polys.flat();
  return {
    layer,
    type: 3,
    parts,
    ringCounts: polys.map((p) => p.length),
    tags,
    bbox: boundsOf(parts),
    minzoom,
  };
}

function labelPoint(layer: BasemapLayer, at: LonLat, tags: Record<string, string | number>, minzoom: number) {
  return {
    layer,
    type: 1 as const,
    parts: [[at]],
    tags,
    bbox: [at[0], at[1], at[0], at[1]] as BasemapFeature['bbox'],
    minzoom,
  };
}

function centre(bbox: BasemapFeature['bbox']): LonLat {
  return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}

export function basemapFeatures(files: PackageFiles): BasemapFeature[] {
  const out: BasemapFeature[] = [];
  for (const { properties, geometry } of parse(files['landcover.geojson'])) {
    const name = nameOf(properties);
    const water = classOf(WATER, properties);
    const green = water ? null : classOf(GREEN, properties);
    const place = typeof properties.place === 'string' ? properties.place : null;
    const landuse = typeof properties.landuse === 'string' ? properties.landuse : place;
    const layer: BasemapLayer = water ? 'water' : green ? 'green' : 'landuse';
    const cls = water ?? green ?? landuse ?? 'other';
    const feature = polygonFeature(layer, geometry, { class: cls }, layer === 'landuse' ? 12 : 10);
    if (!feature) continue;
    out.push(feature);
    if (name) out.push(labelPoint('places', centre(feature.bbox), { class: place ?? cls, name }, 14));
  }
  for (const { geometry } of parse(files['buildings.geojson'])) {
    const feature = polygonFeature('buildings', geometry, {}, 13);
    if (feature) out.push(feature);
  }
  out.push(...roadFeatures(files['roads.geojson']));
  for (const { properties, geometry } of parse(files['boundary.geojson'])) {
    const feature = polygonFeature('boundary', geometry, {}, 0);
    if (!feature) continue;
    // drawn as its outline: its rings as lines
    const { ringCounts: _rings, ...outline } = feature;
    out.push({ ...outline, type: 2 });
    const name = nameOf(properties);
    if (name) out.push(labelPoint('places', centre(feature.bbox), { class: 'zone', name }, 10));
  }
  return out;
}

/**
 * The roads of a package's roads.geojson by class, with their names: the basemap's, and
 * the streets of the report's location map (services/reports/site-map.ts).
 */
export function roadFeatures(roadsGeojson: string | undefined): BasemapFeature[] {
  const out: BasemapFeature[] = [];
  for (const { properties, geometry } of parse(roadsGeojson)) {
    const highway = typeof properties.highway === 'string' ? properties.highway.replace(/_link$/, '') : '';
    const cls = ROAD_CLASS[highway];
    if (!cls) continue;
    const parts = lines(geometry);
    if (typeof parts === 'string' || parts.length === 0) continue;
    const tags: Record<string, string | number> = { class: cls };
    const name = nameOf(properties);
    if (name) tags.name = name;
    const tunnel = properties.tunnel;
    if (tunnel !== undefined && tunnel !== null && tunnel !== 'no') tags.tunnel = 1;
    out.push({
      layer: 'roads',
      type: 2,
      parts,
      tags,
      bbox: boundsOf(parts),
      minzoom: ROAD_MINZOOM[cls] ?? 14,
    });
  }
  return out;
}
