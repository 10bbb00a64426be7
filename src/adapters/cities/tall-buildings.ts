import { readFile } from 'node:fs/promises';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { MAX_HEIGHT_M } from '../../domain/coverage/city-package/tags.ts';

/**
 * A sourced table of the tall buildings (docs/heights.md, "Tall buildings"): the rule's
 * fabric figures are means, and a tower among podiums is what they get most wrong. Each
 * row's point lies inside its footprint in the extract; the smallest footprint that
 * contains it takes the row's height, whatever the rule would have said.
 */
export interface TallBuilding {
  name: string;
  lat: number;
  lon: number;
  height_m: number;
  floors?: number;
  year?: number;
  source: string;
}

export interface TallBuildingMatch {
  name: string;
  heightM: number;
  /** the footprint's previous height and where it came from; null when no footprint holds the point */
  replaced: { heightM: number; source: string } | null;
}

interface BuildingFeature {
  properties: Record<string, unknown>;
  geometry: Polygon | MultiPolygon;
}

export function parseTallBuildings(value: unknown, where: string): TallBuilding[] {
  const rows = (value as { buildings?: unknown })?.buildings;
  if (!Array.isArray(rows)) throw new Error(`${where}: expected { "buildings": [ … ] }`);
  return rows.map((row: Partial<TallBuilding>, k) => {
    const ok =
      typeof row.name === 'string' &&
      typeof row.source === 'string' &&
      row.source.length > 0 &&
      Number.isFinite(row.lat) &&
      Number.isFinite(row.lon) &&
      typeof row.height_m === 'number' &&
      row.height_m > 0 &&
      row.height_m <= MAX_HEIGHT_M;
    if (!ok)
      throw new Error(
        `${where}: building ${k} needs name, lat, lon, height_m in (0, ${MAX_HEIGHT_M}] and a source`,
      );
    return row as TallBuilding;
  });
}

export async function readTallBuildings(path: string): Promise<TallBuilding[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`tall buildings ${path}: ${(error as Error).message}`);
  }
  return parseTallBuildings(parsed, `tall buildings ${path}`);
}

/** Footprint area in square degrees, scaled by the latitude: only compared, never shown. */
function ringArea(ring: ReadonlyArray<readonly number[]>): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++)
    twice += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return Math.abs(twice / 2);
}

function footprintArea(geometry: Polygon | MultiPolygon): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((sum, rings) => sum + ringArea(rings[0] ?? []), 0);
}

/**
 * Writes each tall building's height on its footprint (`height_source: landmark`), and
 * says for every row what it replaced, or that no footprint holds its point.
 */
export function applyTallBuildings(
  buildings: readonly BuildingFeature[],
  table: readonly TallBuilding[],
): TallBuildingMatch[] {
  return table.map((row) => {
    let best: BuildingFeature | null = null;
    let bestArea = Number.POSITIVE_INFINITY;
    for (const building of buildings) {
      if (!booleanPointInPolygon([row.lon, row.lat], building.geometry)) continue;
      const area = footprintArea(building.geometry);
      if (area < bestArea) {
        best = building;
        bestArea = area;
      }
    }
    if (!best) return { name: row.name, heightM: row.height_m, replaced: null };
    const replaced = {
      heightM: Number(best.properties.height ?? Number.NaN),
      source: String(best.properties.height_source ?? 'tags'),
    };
    best.properties.height = row.height_m;
    best.properties.height_source = 'landmark';
    return { name: row.name, heightM: row.height_m, replaced };
  });
}
