import type { LonLat } from '../../domain/coverage/city-package/geometry.ts';
import type { Tags } from '../../domain/coverage/city-package/tags.ts';

/**
 * The package's addresses.geojson from an OpenStreetMap extract (docs/geocoding.md): what
 * the embedded gazetteer is built from when the package is stored. Three kinds of
 * feature, one per line, each already placed in its municipality (the extract's
 * admin_level 8 boundaries) so that the gazetteer needs no geometry of its own:
 *
 * - `street`: every named road way, grouped by name and municipality (MultiLineString),
 *   with its French and Dutch names (`name:fr`/`name:nl`, else the Brussels 'fr - nl' name);
 * - `address`: every `addr:housenumber` on a node or a building outline (Point): the
 *   outline's tagged entrance, else a point inside it (`placed`: node, entrance, inside);
 * - `interpolation`: each stretch of an `addr:interpolation` line (odd, even, all) between
 *   two numbered nodes (LineString), with the numbers at its two ends.
 */
interface OsmWayLike {
  refs: number[];
  tags?: Tags | undefined;
}

export interface MunicipalityArea {
  tags: Tags;
  polygons: LonLat[][][];
}

export interface AddressInputs {
  nodes: ReadonlyMap<number, LonLat>;
  /** tags of the nodes that carry an address or an entrance */
  taggedNodes: ReadonlyMap<number, Tags>;
  ways: Iterable<OsmWayLike>;
  municipalities: readonly MunicipalityArea[];
}

export interface AddressesFile {
  text: string;
  streets: number;
  addresses: number;
  interpolations: number;
}

interface Municipality {
  fr: string;
  nl: string;
  postcode: string;
  polygons: LonLat[][][];
}

const INTERPOLATIONS = new Set(['odd', 'even', 'all']);

/** French and Dutch halves of a Brussels name ('Rue de la Loi - Wetstraat'), else the name twice. */
export function bilingualNames(tags: Tags): { fr: string; nl: string } | null {
  const name = typeof tags.name === 'string' ? tags.name.trim() : '';
  const halves = name.split(' - ');
  const fr = typeof tags['name:fr'] === 'string' ? tags['name:fr'] : halves.length === 2 ? halves[0]! : name;
  const nl = typeof tags['name:nl'] === 'string' ? tags['name:nl'] : halves.length === 2 ? halves[1]! : name;
  if (fr === '' && nl === '') return null;
  return { fr: fr || nl, nl: nl || fr };
}

function ringContains(ring: readonly LonLat[], [x, y]: LonLat): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** even–odd over every ring, so holes are holes */
function polygonsContain(polygons: readonly LonLat[][][], point: LonLat): boolean {
  let inside = false;
  for (const rings of polygons) for (const ring of rings) if (ringContains(ring, point)) inside = !inside;
  return inside;
}

/**
 * A point inside a building outline: its vertex average when that lies inside, else the
 * middle of the first inside stretch of the horizontal line through it (an L or U shape).
 */
export function pointInside(ring: readonly LonLat[]): LonLat {
  const vertices = ring.slice(0, -1);
  const cx = vertices.reduce((sum, p) => sum + p[0], 0) / vertices.length;
  const cy = vertices.reduce((sum, p) => sum + p[1], 0) / vertices.length;
  if (ringContains(ring, [cx, cy])) return [cx, cy];
  const crossings: number[] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > cy !== yj > cy) crossings.push(((xj - xi) * (cy - yi)) / (yj - yi) + xi);
  }
  crossings.sort((a, b) => a - b);
  if (crossings.length >= 2) return [(crossings[0]! + crossings[1]!) / 2, cy];
  return ring[0]!;
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;
const rounded = ([x, y]: LonLat): LonLat => [round7(x), round7(y)];

export function addressesGeojson(inputs: AddressInputs): AddressesFile {
  const municipalities: Municipality[] = [];
  for (const area of inputs.municipalities) {
    const names = bilingualNames(area.tags);
    if (!names) continue;
    const postcodes = String(area.tags['addr:postcode'] ?? area.tags.postal_code ?? '');
    municipalities.push({ ...names, postcode: postcodes.split(';')[0]!.trim(), polygons: area.polygons });
  }
  const municipalityAt = (point: LonLat) => municipalities.find((m) => polygonsContain(m.polygons, point));
  const placeOf = (point: LonLat) => {
    const m = municipalityAt(point);
    return m ? { postcode: m.postcode, 'municipality:fr': m.fr, 'municipality:nl': m.nl } : null;
  };
  const line = (refs: readonly number[]) =>
    refs.map((r) => inputs.nodes.get(r)).filter((p): p is LonLat => p !== undefined);

  const streets = new Map<string, { properties: Record<string, string>; lines: LonLat[][] }>();
  const features: unknown[] = [];
  const addressFeature = (tags: Tags, point: LonLat, placed: string) => {
    const place = placeOf(point);
    if (!place || typeof tags['addr:street'] !== 'string') return;
    const properties: Record<string, string> = {
      kind: 'address',
      street: tags['addr:street'],
      housenumber: String(tags['addr:housenumber']),
      ...place,
      placed,
    };
    // the address's own postcode is more precise than its municipality's first one
    if (typeof tags['addr:postcode'] === 'string') properties.postcode = tags['addr:postcode'];
    features.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: rounded(point) } });
  };

  for (const [id, tags] of inputs.taggedNodes) {
    const point = inputs.nodes.get(id);
    if (point && tags['addr:housenumber'] !== undefined) addressFeature(tags, point, 'node');
  }
  let interpolations = 0;
  for (const way of inputs.ways) {
    const tags = way.tags;
    if (!tags) continue;
    if (tags['addr:housenumber'] !== undefined && tags.building !== undefined && tags.building !== 'no') {
      const ring = line(way.refs);
      if (ring.length < 4 || ring.length !== way.refs.length) continue;
      const entrance = way.refs.find((ref) => inputs.taggedNodes.get(ref)?.entrance !== undefined);
      if (entrance !== undefined) addressFeature(tags, inputs.nodes.get(entrance)!, 'entrance');
      else addressFeature(tags, pointInside(ring), 'inside');
      continue;
    }
    if (typeof tags['addr:interpolation'] === 'string' && INTERPOLATIONS.has(tags['addr:interpolation'])) {
      interpolations += interpolationStretches(way, tags, inputs, line, placeOf, features);
      continue;
    }
    if (typeof tags.highway === 'string' && typeof tags.name === 'string') {
      const pts = line(way.refs);
      if (pts.length < 2) continue;
      const names = bilingualNames(tags);
      const place = placeOf(pts[Math.floor(pts.length / 2)]!);
      if (!names || !place) continue;
      const key = `${place['municipality:fr']}\0${tags.name}`;
      const street = streets.get(key);
      if (street) street.lines.push(pts);
      else
        streets.set(key, {
          properties: { kind: 'street', name: tags.name, 'name:fr': names.fr, 'name:nl': names.nl, ...place },
          lines: [pts],
        });
    }
  }
  const streetFeatures = [...streets.values()].map(({ properties, lines }) => ({
    type: 'Feature',
    properties,
    geometry: { type: 'MultiLineString', coordinates: lines },
  }));
  const all = [...streetFeatures, ...features];
  return {
    text: `{"type":"FeatureCollection","features":[\n${all.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`,
    streets: streetFeatures.length,
    addresses: features.length - interpolations,
    interpolations,
  };
}

/** the stretches of one interpolation line between its numbered nodes; answers how many */
function interpolationStretches(
  way: OsmWayLike,
  tags: Tags,
  inputs: AddressInputs,
  line: (refs: readonly number[]) => LonLat[],
  placeOf: (point: LonLat) => Record<string, string> | null,
  out: unknown[],
): number {
  let count = 0;
  let start = -1;
  for (let i = 0; i < way.refs.length; i++) {
    const node = inputs.taggedNodes.get(way.refs[i]!);
    if (node?.['addr:housenumber'] === undefined) continue;
    if (start >= 0) {
      const from = inputs.taggedNodes.get(way.refs[start]!)!;
      const pts = line(way.refs.slice(start, i + 1));
      const street = tags['addr:street'] ?? from['addr:street'] ?? node['addr:street'];
      const place = pts.length >= 2 ? placeOf(pts[Math.floor(pts.length / 2)]!) : null;
      if (place && typeof street === 'string' && pts.length === i - start + 1) {
        out.push({
          type: 'Feature',
          properties: {
            kind: 'interpolation',
            street,
            interpolation: tags['addr:interpolation'],
            from: String(from['addr:housenumber']),
            to: String(node['addr:housenumber']),
            ...place,
          },
          geometry: { type: 'LineString', coordinates: pts },
        });
        count++;
      }
    }
    start = i;
  }
  return count;
}
