/**
 * How a package's OpenStreetMap-style tags become the model's classes (docs/cities.md).
 * Each function answers the interpreted value, or a string saying which rule failed.
 */
export type RoadKind = 'major' | 'secondary' | 'local' | 'pedestrian';
export type LandKind = 'park' | 'water' | 'plaza';
export type Tags = Record<string, unknown>;

/** one storey, metres, as the model's own buildings use */
export const STOREY_M = 3.2;
/** levels assumed when a building has neither `height` nor `building:levels` */
export const DEFAULT_LEVELS = 3;
export const MAX_HEIGHT_M = 400;

const HIGHWAY_KIND: Record<string, RoadKind> = {
  motorway: 'major',
  motorway_link: 'major',
  trunk: 'major',
  trunk_link: 'major',
  primary: 'major',
  primary_link: 'major',
  secondary: 'secondary',
  secondary_link: 'secondary',
  tertiary: 'secondary',
  tertiary_link: 'secondary',
  unclassified: 'local',
  residential: 'local',
  living_street: 'local',
  service: 'local',
  road: 'local',
  pedestrian: 'pedestrian',
  footway: 'pedestrian',
  path: 'pedestrian',
  cycleway: 'pedestrian',
  steps: 'pedestrian',
};
export const KNOWN_HIGHWAYS = Object.keys(HIGHWAY_KIND);

/** lanes assumed per class when the road has no `lanes` tag */
const DEFAULT_LANES: Record<RoadKind, number> = { major: 4, secondary: 2, local: 2, pedestrian: 0 };
const LANE_M = 3.5;
/** pavements, parking and verges on top of the carriageway, metres */
const STREET_MARGIN_M = 7;
const PEDESTRIAN_WIDTH_M = 8;

/** a number from an OSM-style value: 12, "12", "12 m", "12.5m" (metres only) */
export function metres(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(m)?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

export function buildingHeight(tags: Tags): number | string {
  if (tags.height !== undefined && tags.height !== null) {
    const h = metres(tags.height);
    if (h === null) return `height-number: height '${String(tags.height)}' is not a number of metres`;
    if (h <= 0 || h > MAX_HEIGHT_M) return `height-range: height ${h} m is outside (0, ${MAX_HEIGHT_M}]`;
    return h;
  }
  const levelsTag = tags['building:levels'];
  if (levelsTag !== undefined && levelsTag !== null) {
    const levels = metres(levelsTag);
    if (levels === null || levels < 1 || levels > 120)
      return `levels-number: building:levels '${String(levelsTag)}' is not a number of storeys from 1 to 120`;
    return levels * STOREY_M;
  }
  return DEFAULT_LEVELS * STOREY_M;
}

export interface RoadClassification {
  kind: RoadKind;
  widthM: number;
  /** tunnels and covered ways carry traffic underground: not on the surface grid */
  underground: boolean;
}

export function classifyRoad(tags: Tags): RoadClassification | string {
  const highway = tags.highway;
  const base = typeof highway === 'string' ? HIGHWAY_KIND[highway] : undefined;
  if (!base) return `highway-known: highway '${String(highway)}' is not one of ${KNOWN_HIGHWAYS.join(', ')}`;
  let lanes = DEFAULT_LANES[base];
  if (tags.lanes !== undefined && tags.lanes !== null) {
    const n = metres(tags.lanes);
    if (n === null || n < 1 || n > 12 || !Number.isInteger(n))
      return `lanes-number: lanes '${String(tags.lanes)}' is not a whole number from 1 to 12`;
    lanes = n;
  }
  if (
    tags.maxspeed !== undefined &&
    tags.maxspeed !== null &&
    !/^\s*\d+(\s*mph)?\s*$|^[A-Z]{2}:\w+$|^walk$|^none$/.test(String(tags.maxspeed))
  )
    return `maxspeed-value: maxspeed '${String(tags.maxspeed)}' is not a speed`;
  // a wide carriageway carries more traffic: four lanes make a secondary road a major one
  let kind = base;
  if (kind === 'secondary' && lanes >= 4) kind = 'major';
  else if (kind === 'local' && lanes >= 4) kind = 'secondary';
  let widthM = kind === 'pedestrian' ? PEDESTRIAN_WIDTH_M : lanes * LANE_M + STREET_MARGIN_M;
  if (tags.width !== undefined && tags.width !== null) {
    const w = metres(tags.width);
    if (w === null || w <= 0 || w > 200)
      return `width-number: width '${String(tags.width)}' is not metres in (0, 200]`;
    widthM = w;
  }
  const tunnel = tags.tunnel;
  const underground =
    (tunnel !== undefined && tunnel !== null && tunnel !== 'no') ||
    tags.covered === 'yes' ||
    (typeof tags.layer === 'string' && Number(tags.layer) < 0);
  return { kind, widthM, underground };
}

const LAND_BY_TAG: Record<string, Record<string, LandKind>> = {
  leisure: {
    park: 'park',
    garden: 'park',
    playground: 'park',
    pitch: 'park',
    recreation_ground: 'park',
    nature_reserve: 'park',
    common: 'park',
  },
  landuse: {
    grass: 'park',
    forest: 'park',
    meadow: 'park',
    recreation_ground: 'park',
    village_green: 'park',
    cemetery: 'park',
    allotments: 'park',
    orchard: 'park',
    reservoir: 'water',
    basin: 'water',
  },
  natural: { wood: 'park', scrub: 'park', grassland: 'park', heath: 'park', water: 'water' },
  waterway: { riverbank: 'water', dock: 'water', canal: 'water' },
  place: { square: 'plaza' },
  highway: { pedestrian: 'plaza' },
  'area:highway': { pedestrian: 'plaza' },
  amenity: { marketplace: 'plaza' },
};
export const LANDCOVER_TAGS = Object.keys(LAND_BY_TAG).concat('water');

export function classifyLand(tags: Tags): LandKind | string {
  if (typeof tags.water === 'string') return 'water';
  for (const [key, values] of Object.entries(LAND_BY_TAG)) {
    const value = tags[key];
    if (typeof value === 'string' && values[value]) return values[value]!;
  }
  return `landcover-known: no recognised land cover among ${LANDCOVER_TAGS.join(' / ')} (see docs/cities.md)`;
}

/**
 * The share of a land-cover area under tree crowns, from its tags (docs/model.md, the Trees paragraph):
 * woods and forests are closed canopy; a park or garden mapped without tree detail takes a
 * default share; lawns, pitches and playgrounds are open; paved squares and water have none.
 */
/**
 * A park or garden mapped without tree detail. The extract maps lawns, pitches and
 * playgrounds as areas of their own (with their own low canopy), so what is left as
 * `leisure=park` is mostly the planted part: the Region's central parks are wooded
 * (bosquets and alleys of the Parc de Bruxelles, Parc Léopold, Parc d'Egmont). An
 * assumption, documented in docs/model.md (the Trees paragraph), until a canopy survey is used.
 */
export const PARK_CANOPY = 0.7;
const CANOPY_BY_TAG: Record<string, Record<string, number>> = {
  natural: { wood: 0.85, scrub: 0.3, grassland: 0.03, heath: 0.1 },
  landuse: {
    forest: 0.85,
    orchard: 0.4,
    cemetery: 0.35,
    allotments: 0.15,
    grass: 0.05,
    meadow: 0.03,
    recreation_ground: 0.1,
    village_green: 0.1,
  },
  leisure: {
    park: PARK_CANOPY,
    garden: PARK_CANOPY,
    common: 0.3,
    nature_reserve: 0.6,
    recreation_ground: 0.1,
    playground: 0.15,
    pitch: 0.02,
  },
};

export function canopyOf(tags: Tags): number {
  // the most wooded reading of the tags (a park tagged also as grass keeps its trees)
  let canopy = 0;
  for (const [key, values] of Object.entries(CANOPY_BY_TAG)) {
    const value = tags[key];
    if (typeof value === 'string' && values[value] !== undefined) canopy = Math.max(canopy, values[value]!);
  }
  return canopy;
}

/** the land cover a feature's tags describe, or null (see classifyLand for the reason) */
export function landKind(tags: Tags): LandKind | null {
  const kind = classifyLand(tags);
  return kind === 'park' || kind === 'water' || kind === 'plaza' ? kind : null;
}
