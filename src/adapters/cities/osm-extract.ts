import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { OSMTransform } from 'osm-pbf-parser-node';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import {
  buildingHeight,
  classifyRoad,
  KNOWN_HIGHWAYS,
  landKind,
  type Tags,
} from '../../domain/coverage/city-package/tags.ts';

/**
 * A city data package from an OpenStreetMap extract (.osm.pbf, read with
 * osm-pbf-parser-node): buildings (closed ways and multipolygon relations tagged
 * `building`, with `height` / `building:levels`), roads (`highway` of the classes the
 * package knows), land cover (parks, woods, water, squares; ways and multipolygons).
 * Only what lies around the boundary is kept (its bbox plus 300 m). Tags the package
 * would refuse (an unreadable height, lanes or width) are dropped, so the feature falls
 * back to the documented defaults, and counted.
 */
type LonLat = [number, number];
interface OsmWay {
  id: number;
  refs: number[];
  tags?: Tags;
}
interface OsmRelation {
  id: number;
  tags?: Tags;
  members: Array<{ type: string; ref: number; role: string }>;
}

export interface OsmPackage {
  files: PackageFiles;
  outDir: string | undefined;
  summary: { ways: number; buildings: number; roads: number; landcover: number; droppedHeights: number };
}

const MARGIN_M = 300;
const ROAD_KEYS = ['highway', 'lanes', 'tunnel', 'covered', 'layer', 'width', 'maxspeed', 'name'];
const HIGHWAYS = new Set(KNOWN_HIGHWAYS);

function boundaryBbox(boundaryText: string): [number, number, number, number] {
  const value = JSON.parse(boundaryText) as {
    type: string;
    geometry?: { coordinates: LonLat[][] };
    features?: Array<{ geometry: { coordinates: LonLat[][] } }>;
  };
  const ring = (value.type === 'FeatureCollection' ? value.features?.[0]?.geometry : value.geometry)
    ?.coordinates[0];
  if (!ring?.length) throw new Error('--boundary must be a GeoJSON Polygon Feature');
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const dLat = MARGIN_M / 111_195;
  const dLon = dLat / Math.cos((((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI) / 180);
  return [
    Math.min(...lons) - dLon,
    Math.min(...lats) - dLat,
    Math.max(...lons) + dLon,
    Math.max(...lats) + dLat,
  ];
}

/** closed rings from member ways, joined end to end (reversed where needed) */
function assembleRings(parts: LonLat[][]): LonLat[][] {
  const open = parts.filter((p) => p.length >= 2).map((p) => [...p]);
  const rings: LonLat[][] = [];
  const same = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];
  while (open.length > 0) {
    const ring = open.shift()!;
    let grown = true;
    while (!same(ring[0]!, ring[ring.length - 1]!) && grown) {
      grown = false;
      const end = ring[ring.length - 1]!;
      for (let i = 0; i < open.length; i++) {
        const part = open[i]!;
        if (same(part[0]!, end)) ring.push(...part.slice(1));
        else if (same(part[part.length - 1]!, end)) ring.push(...part.reverse().slice(1));
        else continue;
        open.splice(i, 1);
        grown = true;
        break;
      }
    }
    if (ring.length >= 4 && same(ring[0]!, ring[ring.length - 1]!)) rings.push(ring);
  }
  return rings;
}

function pick(tags: Tags, keys: readonly string[]): Tags {
  const out: Tags = {};
  for (const key of keys) if (tags[key] !== undefined) out[key] = tags[key];
  return out;
}

export async function packageFromOsm(
  pbfPath: string,
  options: { manifestPath: string; boundaryPath: string; outDir?: string | undefined },
): Promise<OsmPackage> {
  const manifest = await readFile(options.manifestPath, 'utf8');
  const boundary = await readFile(options.boundaryPath, 'utf8');
  const [west, south, east, north] = boundaryBbox(boundary);
  const nodes = new Map<number, LonLat>();
  const ways = new Map<number, OsmWay>();
  const relations: OsmRelation[] = [];
  let wayCount = 0;

  await pipeline(
    createReadStream(pbfPath),
    new OSMTransform({ withTags: true, withInfo: false }),
    async (batches) => {
      for await (const batch of batches as AsyncIterable<Array<Record<string, unknown>>>) {
        for (const item of batch) {
          if (item.type === 'node') {
            const lon = item.lon as number;
            const lat = item.lat as number;
            if (lon >= west && lon <= east && lat >= south && lat <= north)
              nodes.set(item.id as number, [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7]);
          } else if (item.type === 'way') {
            wayCount++;
            const refs = item.refs as number[];
            if (refs.some((r) => nodes.has(r)))
              ways.set(item.id as number, {
                id: item.id as number,
                refs,
                tags: item.tags as Tags | undefined,
              });
          } else if (item.type === 'relation') {
            const tags = item.tags as Tags | undefined;
            if (tags?.type === 'multipolygon')
              relations.push({
                id: item.id as number,
                tags,
                members: item.members as OsmRelation['members'],
              });
          }
        }
      }
    },
  );

  const buildings: unknown[] = [];
  const roads: unknown[] = [];
  const landcover: unknown[] = [];
  let droppedHeights = 0;
  const line = (refs: number[]) => refs.map((r) => nodes.get(r)).filter((p): p is LonLat => p !== undefined);
  const closedLine = (refs: number[]) => {
    const pts = line(refs);
    return pts.length === refs.length && refs.length >= 4 && refs[0] === refs[refs.length - 1] ? pts : null;
  };
  const buildingTags = (tags: Tags): Tags => {
    const kept = pick(tags, ['building', 'height', 'building:levels', 'name']);
    if (typeof buildingHeight(kept) === 'string') {
      droppedHeights++;
      delete kept.height;
      if (typeof buildingHeight(kept) === 'string') delete kept['building:levels'];
    }
    return kept;
  };
  const isArea = (tags: Tags) => tags.area === 'yes' || tags.highway === undefined;

  for (const way of ways.values()) {
    const tags = way.tags;
    if (!tags) continue;
    if (tags.building !== undefined && tags.building !== 'no') {
      const ring = closedLine(way.refs);
      if (ring)
        buildings.push({
          type: 'Feature',
          properties: buildingTags(tags),
          geometry: { type: 'Polygon', coordinates: [ring] },
        });
      continue;
    }
    if (isArea(tags) && landKind(tags) !== null) {
      const ring = closedLine(way.refs);
      if (ring)
        landcover.push({
          type: 'Feature',
          properties: pick(tags, [
            'landuse',
            'leisure',
            'natural',
            'water',
            'waterway',
            'place',
            'highway',
            'area:highway',
            'amenity',
            'name',
          ]),
          geometry: { type: 'Polygon', coordinates: [ring] },
        });
      continue;
    }
    if (typeof tags.highway === 'string' && HIGHWAYS.has(tags.highway)) {
      const pts = line(way.refs);
      if (pts.length < 2) continue;
      const kept = pick(tags, ROAD_KEYS);
      for (const key of ['lanes', 'width', 'maxspeed'])
        if (
          kept[key] !== undefined &&
          typeof classifyRoad({ highway: kept.highway, [key]: kept[key] }) === 'string'
        )
          delete kept[key];
      roads.push({ type: 'Feature', properties: kept, geometry: { type: 'LineString', coordinates: pts } });
    }
  }
  for (const relation of relations) {
    const tags = relation.tags ?? {};
    const isBuilding = tags.building !== undefined && tags.building !== 'no';
    if (!isBuilding && landKind(tags) === null) continue;
    const parts = (role: string) =>
      relation.members
        .filter((m) => m.type === 'way' && (m.role || 'outer') === role)
        .map((m) => ways.get(m.ref))
        .filter((w): w is OsmWay => w !== undefined)
        .map((w) => line(w.refs));
    const outers = assembleRings(parts('outer'));
    if (outers.length === 0) continue;
    // holes go with the first outer ring (even–odd rasterising keeps them open)
    const inners = assembleRings(parts('inner'));
    const polygons = outers.map((outer, k) => (k === 0 ? [outer, ...inners] : [outer]));
    const properties = isBuilding
      ? buildingTags(tags)
      : pick(tags, ['landuse', 'leisure', 'natural', 'water', 'waterway', 'place', 'amenity', 'name']);
    (isBuilding ? buildings : landcover).push({
      type: 'Feature',
      properties,
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }

  const collection = (features: unknown[]) =>
    `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  const files: PackageFiles = {
    'city.json': manifest,
    'boundary.geojson': boundary,
    'buildings.geojson': collection(buildings),
    'roads.geojson': collection(roads),
    'landcover.geojson': collection(landcover),
  };
  if (options.outDir) {
    await mkdir(options.outDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(join(options.outDir, name), text);
  }
  return {
    files,
    outDir: options.outDir,
    summary: {
      ways: wayCount,
      buildings: buildings.length,
      roads: roads.length,
      landcover: landcover.length,
      droppedHeights,
    },
  };
}
