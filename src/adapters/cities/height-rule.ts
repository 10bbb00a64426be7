import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { buildingHeight, MAX_HEIGHT_M, metres, type Tags } from '../../domain/coverage/city-package/tags.ts';
import { readTallBuildings, type TallBuilding } from './tall-buildings.ts';

/**
 * The height an `import-osm --heights FILE` writes on each building (docs/heights.md):
 * OSM `height`, else `building:levels` × storey + roof, else a default for the building
 * type, else the default of the urban fabric the footprint's centre lies in, else the
 * file's default. The result is written as `height` with `height_source` saying which
 * step gave it, so a package shows how each height was found.
 */
export interface HeightRuleFile {
  storey_m: number;
  roof_m: number;
  default_m: number;
  /** OSM `building` value → metres (garages, sheds, houses, towers…) */
  by_building: Record<string, number>;
  /** a sourced table of tall buildings (tall-buildings.ts), relative to this file; they win over the rule */
  tall_buildings?: string;
  /** zones of one urban fabric: properties `fabric` (a name) and `default_m` */
  fabrics: { type: 'FeatureCollection'; features: Array<Feature<Polygon | MultiPolygon>> };
}

export interface RuledHeight {
  heightM: number;
  source: string;
}

export type BuildingHeightRule = (tags: Tags, outerRing: ReadonlyArray<[number, number]>) => RuledHeight;

function positive(value: unknown, what: string): number {
  if (typeof value !== 'number' || !(value > 0) || value > MAX_HEIGHT_M)
    throw new Error(`--heights: ${what} must be metres in (0, ${MAX_HEIGHT_M}]`);
  return value;
}

function ringCentre(ring: ReadonlyArray<[number, number]>): [number, number] {
  // the closing position repeats the first: leave it out of the mean
  const n = Math.max(1, ring.length - 1);
  let lon = 0;
  let lat = 0;
  for (let i = 0; i < n; i++) {
    lon += ring[i]![0];
    lat += ring[i]![1];
  }
  return [lon / n, lat / n];
}

const tenth = (m: number) => Math.round(m * 10) / 10;

export function heightRule(file: HeightRuleFile): BuildingHeightRule {
  const storey = positive(file.storey_m, 'storey_m');
  const roof = file.roof_m === 0 ? 0 : positive(file.roof_m, 'roof_m');
  const fallback = positive(file.default_m, 'default_m');
  const byBuilding = new Map(
    Object.entries(file.by_building ?? {}).map(([k, v]) => [k, positive(v, `by_building.${k}`)]),
  );
  const fabrics = (file.fabrics?.features ?? []).map((f, k) => {
    const name = f.properties?.fabric;
    if (typeof name !== 'string') throw new Error(`--heights: fabric ${k} has no name`);
    return { feature: f, name, heightM: positive(f.properties?.default_m, `fabric ${name} default_m`) };
  });
  return (tags, ring) => {
    const given = tags.height !== undefined ? buildingHeight({ height: tags.height }) : null;
    if (typeof given === 'number') return { heightM: given, source: 'height' };
    const levels = metres(tags['building:levels']);
    if (levels !== null && levels >= 1 && levels <= 120)
      return { heightM: tenth(levels * storey + roof), source: 'levels' };
    const kind = typeof tags.building === 'string' ? tags.building : 'yes';
    const typed = byBuilding.get(kind);
    if (typed !== undefined) return { heightM: typed, source: `type:${kind}` };
    const centre = ringCentre(ring);
    const zone = fabrics.find((z) => booleanPointInPolygon(centre, z.feature));
    if (zone) return { heightM: zone.heightM, source: `fabric:${zone.name}` };
    return { heightM: fallback, source: 'default' };
  };
}

export interface HeightRules {
  rule: BuildingHeightRule;
  tallBuildings: TallBuilding[];
}

export async function readHeightRules(path: string): Promise<HeightRules> {
  let parsed: HeightRuleFile;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8')) as HeightRuleFile;
  } catch (error) {
    throw new Error(`--heights ${path}: ${(error as Error).message}`);
  }
  const tallBuildings = parsed.tall_buildings
    ? await readTallBuildings(resolve(dirname(path), parsed.tall_buildings))
    : [];
  return { rule: heightRule(parsed), tallBuildings };
}
