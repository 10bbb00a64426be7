import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OsmNode, OsmRelation, OsmWay } from './osm-pbf.ts';

/**
 * A small made-up town in Leuven (about 600 m × 480 m): a four-lane main road east–west
 * through the middle, residential streets every 80 m, a pedestrian street north of the
 * main road, a park, and about 400 houses in rows along the street fronts, with heights
 * from `height` or `building:levels`, plus one 45 m tower. The same town is written as a
 * city data package (GeoJSON) and as OpenStreetMap elements (for the .osm.pbf fixture).
 */
type LonLat = [number, number];
const CENTRE: LonLat = [4.701, 50.879];
const M_LAT = 1 / 111_195;
const M_LON = 1 / (111_195 * Math.cos((CENTRE[1] * Math.PI) / 180));
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
/** local metres (x east, y north of the centre) to [lon, lat] */
export const at = (x: number, y: number): LonLat => [r6(CENTRE[0] + x * M_LON), r6(CENTRE[1] + y * M_LAT)];
const toLatLon = ([lon, lat]: LonLat) => ({ lat, lon });

const HALF_W = 300;
const HALF_H = 240;
const SPACING = 80;
export const TOWER = { x: -40, y: 120, heightM: 45 };
/** points for the assertions, [lat, lon] objects */
export const POINTS = {
  mainRoad: toLatLon(at(20, 0)),
  park: toLatLon(at(170, 140)),
  pedestrian: toLatLon(at(-120, 40)),
  tower: toLatLon(at(TOWER.x, TOWER.y)),
};

export interface TownBuilding {
  ring: LonLat[];
  tags: Record<string, string>;
  heightM: number;
}

function rect(x0: number, y0: number, x1: number, y1: number): LonLat[] {
  return [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)];
}

const inPark = (x: number, y: number) => x > 95 && x < 245 && y > 55 && y < 225;
const onPedestrian = (x: number, y: number) => x > -135 && x < -105 && y > 0 && y < 240;

export function townBuildings(): TownBuilding[] {
  const out: TownBuilding[] = [];
  let k = 0;
  // blocks between the streets: rows of 9 m wide, 12 m deep houses along north and south fronts
  for (let bx = -HALF_W; bx < HALF_W; bx += SPACING) {
    for (let by = -HALF_H; by < HALF_H; by += SPACING) {
      const x0 = bx + 8; // street half width
      const x1 = bx + SPACING - 8;
      for (const [y0, y1] of [
        [by + 9, by + 21],
        [by + SPACING - 21, by + SPACING - 9],
      ] as const) {
        for (let x = x0; x + 9 <= x1; x += 10) {
          const cx = x + 4.5;
          const cy = (y0 + y1) / 2;
          if (inPark(cx, cy) || onPedestrian(cx, cy) || Math.hypot(cx - TOWER.x, cy - TOWER.y) < 25) continue;
          k++;
          const byLevels = k % 3 === 0;
          const heightM = byLevels ? (2 + (k % 4)) * 3.2 : 8 + (k % 5) * 3;
          out.push({
            ring: rect(x, y0, x + 9, y1),
            tags: byLevels
              ? { building: 'house', 'building:levels': String(2 + (k % 4)) }
              : { building: 'yes', height: String(heightM) },
            heightM,
          });
        }
      }
    }
  }
  out.push({
    ring: rect(TOWER.x - 12, TOWER.y - 12, TOWER.x + 12, TOWER.y + 12),
    tags: { building: 'office', height: String(TOWER.heightM) },
    heightM: TOWER.heightM,
  });
  return out;
}

export interface TownRoad {
  path: LonLat[];
  tags: Record<string, string>;
}

export function townRoads(): TownRoad[] {
  const roads: TownRoad[] = [
    {
      path: [at(-HALF_W - 60, 0), at(HALF_W + 60, 0)],
      tags: { highway: 'primary', lanes: '4', name: 'Main Road' },
    },
    { path: [at(-120, 8), at(-120, HALF_H)], tags: { highway: 'pedestrian', name: 'Market Lane' } },
  ];
  for (let y = -HALF_H; y <= HALF_H; y += SPACING) {
    if (y === 0) continue;
    // the residential streets go round the park
    const spans =
      y > 55 && y < 225
        ? [
            [-HALF_W, 95],
            [245, HALF_W],
          ]
        : [[-HALF_W, HALF_W]];
    for (const [x0, x1] of spans)
      roads.push({ path: [at(x0!, y), at(x1!, y)], tags: { highway: 'residential' } });
  }
  for (let x = -HALF_W; x <= HALF_W; x += SPACING) {
    // the residential streets stop at the park
    const ys = x > 95 && x < 245 ? [-HALF_H, 0] : [-HALF_H, HALF_H];
    roads.push({ path: [at(x, ys[0]!), at(x, ys[1]!)], tags: { highway: 'residential' } });
  }
  return roads;
}

export const PARK_RING = rect(100, 60, 240, 220);

export const MANIFEST = {
  id: 'leuven',
  name: 'Leuven',
  country: 'BE',
  timezone: 'Europe/Brussels',
  products: { geocode: true, historical: true, realtime: true, forecast: true, reports: true, map: true },
  metrics: ['air', 'wind', 'thermal'],
  attribution: 'Test town for svc-api (made-up geometry in the OpenStreetMap tagging scheme).',
  reference_year: 2025,
  resolution_m: 10,
};

/** counterclockwise, closed */
export const BOUNDARY_RING = rect(-HALF_W - 20, -HALF_H - 20, HALF_W + 20, HALF_H + 20);

const feature = (properties: Record<string, unknown>, geometry: unknown) => ({
  type: 'Feature',
  properties,
  geometry,
});
const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

export function boundaryText(): string {
  return JSON.stringify(
    feature({ name: 'Leuven test zone' }, { type: 'Polygon', coordinates: [BOUNDARY_RING] }),
  );
}

/** writes the town as a city data package into `dir` */
export function writeTownPackage(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'city.json'), JSON.stringify(MANIFEST, null, 2));
  writeFileSync(join(dir, 'boundary.geojson'), boundaryText());
  writeFileSync(
    join(dir, 'buildings.geojson'),
    collection(townBuildings().map((b) => feature(b.tags, { type: 'Polygon', coordinates: [b.ring] }))),
  );
  writeFileSync(
    join(dir, 'roads.geojson'),
    collection(townRoads().map((r) => feature(r.tags, { type: 'LineString', coordinates: r.path }))),
  );
  writeFileSync(
    join(dir, 'landcover.geojson'),
    collection([
      feature({ leisure: 'park', name: 'Town Park' }, { type: 'Polygon', coordinates: [PARK_RING] }),
    ]),
  );
}

/** the town as OSM elements; the park and one courtyard building as multipolygon relations */
export function townOsm(): { nodes: OsmNode[]; ways: OsmWay[]; relations: OsmRelation[] } {
  const nodes: OsmNode[] = [];
  const ways: OsmWay[] = [];
  const relations: OsmRelation[] = [];
  const ids = new Map<string, number>();
  const node = ([lon, lat]: LonLat) => {
    const key = `${lon},${lat}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = 1000 + nodes.length;
      ids.set(key, id);
      nodes.push({ id, lon, lat });
    }
    return id;
  };
  const way = (path: LonLat[], tags?: Record<string, string>) => {
    const id = 50_000 + ways.length;
    ways.push({ id, refs: path.map(node), ...(tags ? { tags } : {}) });
    return id;
  };
  for (const b of townBuildings()) way(b.ring, b.tags);
  for (const r of townRoads()) way(r.path, r.tags);
  // a road tunnel under the town: not on the surface
  way([at(-HALF_W, -40), at(HALF_W, -40)], { highway: 'secondary', tunnel: 'yes' });
  // a building whose height cannot be read: kept, with the default height
  way(rect(-290, -200, -282, -190), { building: 'yes', height: 'very tall' });
  // the park as a multipolygon: outer ring in two untagged halves, a pond as a hole
  const a = way([at(100, 60), at(240, 60), at(240, 220)]);
  const b = way([at(240, 220), at(100, 220), at(100, 60)]);
  const pond = way(rect(150, 120, 180, 150));
  relations.push({
    id: 9001,
    tags: { type: 'multipolygon', leisure: 'park', name: 'Town Park' },
    members: [
      { type: 'way', ref: a, role: 'outer' },
      { type: 'way', ref: b, role: 'outer' },
      { type: 'way', ref: pond, role: 'inner' },
    ],
  });
  // something far away: left out of the package
  way(
    [
      [5.5, 50.3],
      [5.5001, 50.3],
      [5.5001, 50.3001],
      [5.5, 50.3001],
      [5.5, 50.3],
    ],
    { building: 'yes' },
  );
  return { nodes, ways, relations };
}
