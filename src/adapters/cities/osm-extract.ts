import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OSMTransform } from 'osm-pbf-parser-node';
import { measureCompleteness } from '../../domain/coverage/city-package/completeness.ts';
import { districtsGeojson } from '../../domain/coverage/city-package/districts.ts';
import { extent } from '../../domain/coverage/city-package/geometry.ts';
import { MAX_POSITIONS } from '../../domain/coverage/city-package/limits.ts';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import {
  buildingHeight,
  classifyRoad,
  KNOWN_HIGHWAYS,
  landKind,
  type Tags,
} from '../../domain/coverage/city-package/tags.ts';
import type { BuildingHeightRule } from './height-rule.ts';
import { applyRoadEdits, type MapEdits, type RoadEditOutcome } from './map-edits.ts';
import { addressesGeojson, type MunicipalityArea } from './osm-addresses.ts';
import { PBF_REFUSAL, readOsmInput, readOsmInputs, refusal } from './osm-inputs.ts';
import { applyTallBuildings, type TallBuilding, type TallBuildingMatch } from './tall-buildings.ts';

/**
 * A city data package from an OpenStreetMap extract (.osm.pbf, read with
 * osm-pbf-parser-node): buildings (closed ways and multipolygon relations tagged
 * `building`, with `height` / `building:levels`), roads (`highway` of the classes the
 * package knows), land cover (parks, woods, water, squares; ways and multipolygons).
 * Only what lies around the boundary is kept (its bbox plus 300 m). Tags the package
 * would refuse (an unreadable height, lanes or width) are dropped, so the feature falls
 * back to the documented defaults, and counted; so are rings and lines over the vertex
 * limit, which are left out. A bad input is refused with one line (osm-inputs.ts).
 * The streets, addresses and interpolation lines go to addresses.geojson, for the
 * gazetteer (osm-addresses.ts).
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
  summary: {
    ways: number;
    buildings: number;
    roads: number;
    landcover: number;
    droppedHeights: number;
    /** rings and lines over the package's vertex limit, left out */
    droppedLong: number;
    /** each tall building of the table, and the footprint height it replaced (null: not in the extract) */
    tallBuildings: TallBuildingMatch[];
    /** each change since the extract and how many roads it changed */
    roadEdits: RoadEditOutcome[];
    /** districts whose footprints are too incomplete: built share estimated (districts.geojson) */
    estimatedDistricts: number;
    /** what addresses.geojson holds, for the gazetteer (osm-addresses.ts) */
    streets: number;
    addresses: number;
    interpolations: number;
  };
}

const MARGIN_M = 300;
/**
 * how far around the zone streets and addresses are kept for the gazetteer: a city's
 * addresses reach well beyond its detailed zone (Brussels: the whole region), and the
 * geocoder classifies each one itself
 */
const ADDRESS_MARGIN_M = 10_000;
/** the land use of built-up blocks, against which the mapped footprints are measured */
const BUILT_UP_LANDUSE = new Set(['residential', 'commercial', 'retail', 'industrial']);
const isBuiltUp = (tags: Tags) => typeof tags.landuse === 'string' && BUILT_UP_LANDUSE.has(tags.landuse);
const ROAD_KEYS = ['highway', 'lanes', 'tunnel', 'covered', 'layer', 'width', 'maxspeed', 'name'];
const HIGHWAYS = new Set(KNOWN_HIGHWAYS);
/** the boundaries that name an address's municipality (in Belgium, admin_level 8) */
const isMunicipality = (tags: Tags | undefined) =>
  tags?.boundary === 'administrative' && tags.admin_level === '8';

/** the boundary's bbox plus a margin, from a zone already validated */
function readArea(ring: LonLat[], marginM = MARGIN_M): [number, number, number, number] {
  const [west, south, east, north] = extent(ring);
  const dLat = marginM / 111_195;
  const dLon = dLat / Math.cos((((south + north) / 2) * Math.PI) / 180);
  return [west - dLon, south - dLat, east + dLon, north + dLat];
}

/**
 * The parser, with its synchronous throws (a corrupt zlib block, a malformed block) turned
 * into stream errors: thrown from `_transform` they escape the pipeline and crash the process.
 */
class CheckedOsmTransform extends OSMTransform {
  override _transform(chunk: Buffer, encoding: BufferEncoding, next: TransformCallback): void {
    try {
      super._transform(chunk, encoding, next);
    } catch (error) {
      next(error as Error);
    }
  }
  override _flush(next: TransformCallback): void {
    try {
      super._flush(next);
    } catch (error) {
      next(error as Error);
    }
  }
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
        if (same(part[part.length - 1]!, end)) part.reverse();
        else if (!same(part[0]!, end)) continue;
        // a loop, not push(...part): a long member way would overflow the stack
        for (let k = 1; k < part.length; k++) ring.push(part[k]!);
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
  options: {
    manifestPath: string;
    boundaryPath: string;
    outDir?: string | undefined;
    /** copied into the package as they are */
    plannedBoundaryPath?: string | undefined;
    weatherPath?: string | undefined;
    /** writes an explicit `height` (and `height_source`) on every building */
    heightRule?: BuildingHeightRule | undefined;
    /** tall buildings at their sourced heights, over the rule (docs/heights.md) */
    tallBuildings?: readonly TallBuilding[] | undefined;
    /** changes since the extract was taken, applied on top of it (map-edits.ts) */
    edits?: MapEdits | undefined;
  },
): Promise<OsmPackage> {
  const { manifest, boundary, zone, extract } = await readOsmInputs(pbfPath, options);
  const plannedBoundary = options.plannedBoundaryPath
    ? await readOsmInput(options.plannedBoundaryPath, 'planned_boundary.geojson')
    : undefined;
  const weather = options.weatherPath ? await readOsmInput(options.weatherPath, 'weather.epw') : undefined;
  const [west, south, east, north] = readArea(zone);
  const [aWest, aSouth, aEast, aNorth] = readArea(zone, ADDRESS_MARGIN_M);
  /** the nodes and ways of the wider address area (a superset of `nodes` and `ways`) */
  const addressNodes = new Map<number, LonLat>();
  const addressWays: OsmWay[] = [];
  const nodes = new Map<number, LonLat>();
  const ways = new Map<number, OsmWay>();
  const relations: OsmRelation[] = [];
  /** nodes with an address or an entrance, for addresses.geojson */
  const taggedNodes = new Map<number, Tags>();
  let wayCount = 0;

  try {
    await pipeline(
      extract.createReadStream({ start: 0 }),
      new CheckedOsmTransform({ withTags: true, withInfo: false }),
      async (batches) => {
        for await (const batch of batches as AsyncIterable<Array<Record<string, unknown>>>) {
          for (const item of batch) {
            if (item.type === 'node') {
              const lon = item.lon as number;
              const lat = item.lat as number;
              const at: LonLat = [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7];
              if (lon >= west && lon <= east && lat >= south && lat <= north)
                nodes.set(item.id as number, at);
              if (lon >= aWest && lon <= aEast && lat >= aSouth && lat <= aNorth) {
                addressNodes.set(item.id as number, at);
                const tags = item.tags as Tags | undefined;
                if (tags && (tags['addr:housenumber'] !== undefined || tags.entrance !== undefined))
                  taggedNodes.set(item.id as number, tags);
              }
            } else if (item.type === 'way') {
              wayCount++;
              const refs = item.refs as number[];
              const way: OsmWay = { id: item.id as number, refs, tags: item.tags as Tags | undefined };
              if (refs.some((r) => nodes.has(r))) ways.set(way.id, way);
              if (refs.some((r) => addressNodes.has(r))) addressWays.push(way);
            } else if (item.type === 'relation') {
              const tags = item.tags as Tags | undefined;
              if (tags?.type === 'multipolygon' || isMunicipality(tags))
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
  } catch {
    // the parser's own message says little to an operator ("input format error")
    throw refusal(pbfPath, PBF_REFUSAL);
  }
  if (wayCount === 0)
    throw refusal(
      pbfPath,
      'osm-pbf: the extract holds no ways; give an extract of the area (e.g. from Geofabrik)',
    );

  const buildings: unknown[] = [];
  const roads: unknown[] = [];
  const landcover: unknown[] = [];
  // what the completeness of the footprints is measured with (completeness.ts)
  const footprintPolygons: LonLat[][][] = [];
  const builtUpPolygons: LonLat[][][] = [];
  const openPolygons: LonLat[][][] = [];
  let droppedHeights = 0;
  let droppedLong = 0;
  /** whether a ring or line is within the package's vertex limit (else dropped and counted) */
  const fits = (positions: LonLat[]) => {
    if (positions.length <= MAX_POSITIONS) return true;
    droppedLong++;
    return false;
  };
  const line = (refs: number[]) => refs.map((r) => nodes.get(r)).filter((p): p is LonLat => p !== undefined);
  const closedLine = (refs: number[]) => {
    const pts = line(refs);
    return pts.length === refs.length && refs.length >= 4 && refs[0] === refs[refs.length - 1] && fits(pts)
      ? pts
      : null;
  };
  const buildingTags = (tags: Tags, outer: LonLat[]): Tags => {
    const kept = pick(tags, ['building', 'height', 'building:levels', 'name']);
    if (typeof buildingHeight(kept) === 'string') {
      droppedHeights++;
      delete kept.height;
      if (typeof buildingHeight(kept) === 'string') delete kept['building:levels'];
    }
    if (options.heightRule) {
      const ruled = options.heightRule(kept, outer);
      kept.height = ruled.heightM;
      kept.height_source = ruled.source;
    }
    return kept;
  };
  const isArea = (tags: Tags) => tags.area === 'yes' || tags.highway === undefined;

  for (const way of ways.values()) {
    const tags = way.tags;
    if (!tags) continue;
    if (tags.building !== undefined && tags.building !== 'no') {
      const ring = closedLine(way.refs);
      if (ring) footprintPolygons.push([ring]);
      if (ring)
        buildings.push({
          type: 'Feature',
          properties: buildingTags(tags, ring),
          geometry: { type: 'Polygon', coordinates: [ring] },
        });
      continue;
    }
    if (isBuiltUp(tags)) {
      // measured only (not in the package): a land-use ring over the limit is left out quietly
      const ring = line(way.refs);
      if (ring.length >= 4 && ring.length === way.refs.length && way.refs[0] === way.refs.at(-1))
        builtUpPolygons.push([ring]);
    }
    if (isArea(tags) && landKind(tags) !== null) {
      const ring = closedLine(way.refs);
      if (ring) openPolygons.push([ring]);
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
      if (pts.length < 2 || !fits(pts)) continue;
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
  const municipalities: MunicipalityArea[] = [];
  const addressWayById = new Map(addressWays.map((way) => [way.id, way]));
  for (const relation of relations) {
    const tags = relation.tags ?? {};
    if (isMunicipality(tags)) {
      const outerWays = relation.members
        .filter((m) => m.type === 'way' && m.role !== 'inner')
        .map((m) => addressWayById.get(m.ref))
        .filter((w): w is OsmWay => w !== undefined)
        .map((w) => w.refs.map((r) => addressNodes.get(r)).filter((p): p is LonLat => p !== undefined));
      const rings = assembleRings(outerWays);
      if (rings.length > 0) municipalities.push({ tags, polygons: rings.map((ring) => [ring]) });
      continue;
    }
    const isBuilding = tags.building !== undefined && tags.building !== 'no';
    if (!isBuilding && landKind(tags) === null && !isBuiltUp(tags)) continue;
    const parts = (role: string) =>
      relation.members
        .filter((m) => m.type === 'way' && (m.role || 'outer') === role)
        .map((m) => ways.get(m.ref))
        .filter((w): w is OsmWay => w !== undefined)
        .map((w) => line(w.refs));
    // land use that is only measured leaves out its over-long rings without counting them
    const packaged = isBuilding || landKind(tags) !== null;
    const keep = packaged ? fits : (ring: LonLat[]) => ring.length <= MAX_POSITIONS;
    const outers = assembleRings(parts('outer')).filter(keep);
    if (outers.length === 0) continue;
    // holes go with the first outer ring (even–odd rasterising keeps them open)
    const inners = assembleRings(parts('inner')).filter(keep);
    const polygons = outers.map((outer, k) => (k === 0 ? [outer].concat(inners) : [outer]));
    if (!isBuilding && isBuiltUp(tags)) builtUpPolygons.push(...polygons);
    if (!packaged) continue;
    (isBuilding ? footprintPolygons : openPolygons).push(...polygons);
    const properties = isBuilding
      ? buildingTags(tags, outers[0]!)
      : pick(tags, ['landuse', 'leisure', 'natural', 'water', 'waterway', 'place', 'amenity', 'name']);
    (isBuilding ? buildings : landcover).push({
      type: 'Feature',
      properties,
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }

  const tallBuildings = applyTallBuildings(
    buildings as Parameters<typeof applyTallBuildings>[0],
    options.tallBuildings ?? [],
  );
  const roadEdits = applyRoadEdits(roads as Parameters<typeof applyRoadEdits>[0], options.edits?.roads ?? []);
  const collection = (features: unknown[]) =>
    `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  const files: PackageFiles = {
    'city.json': manifest,
    'boundary.geojson': boundary,
    'buildings.geojson': collection(buildings),
    'roads.geojson': collection(roads),
    'landcover.geojson': collection(landcover),
  };
  const completeness = measureCompleteness({
    area: [west, south, east, north],
    buildings: footprintPolygons,
    builtUp: builtUpPolygons,
    open: openPolygons,
  });
  files['districts.geojson'] = districtsGeojson(completeness);
  const addresses = addressesGeojson({ nodes: addressNodes, taggedNodes, ways: addressWays, municipalities });
  files['addresses.geojson'] = addresses.text;
  if (plannedBoundary !== undefined) files['planned_boundary.geojson'] = plannedBoundary;
  if (weather !== undefined) files['weather.epw'] = weather;
  if (options.outDir) {
    try {
      await mkdir(options.outDir, { recursive: true });
      for (const [name, text] of Object.entries(files)) await writeFile(join(options.outDir, name), text);
    } catch (error) {
      throw refusal(
        options.outDir,
        `out-dir: the package cannot be written there (${(error as NodeJS.ErrnoException).code}); give a writable directory with --out`,
      );
    }
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
      droppedLong,
      tallBuildings,
      roadEdits,
      estimatedDistricts: completeness.districts.filter((d) => d.geometry === 'estimated').length,
      streets: addresses.streets,
      addresses: addresses.addresses,
      interpolations: addresses.interpolations,
    },
  };
}
