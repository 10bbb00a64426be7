import { MAX_POSITIONS } from './limits.ts';

/**
 * GeoJSON geometry checks for city packages. Each check answers null or the failed
 * rule (`rule-name: what is wrong`), so that the caller can name file and feature.
 */
export type LonLat = [number, number];
/** a polygon: exterior ring then holes, each closed */
export type PolygonRings = LonLat[][];

function position(value: unknown): LonLat | string {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3)
    return 'position: a position is [longitude, latitude]';
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat))
    return 'position-number: coordinates must be finite numbers';
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
    return `position-range: [${lon}, ${lat}] is not a longitude/latitude in degrees (WGS 84, longitude first)`;
  return [lon, lat];
}

function line(value: unknown, minPositions: number): LonLat[] | string {
  if (!Array.isArray(value) || value.length < minPositions)
    return `positions-count: needs at least ${minPositions} positions`;
  if (value.length > MAX_POSITIONS)
    return `vertices-limit: ${value.length.toLocaleString('en')} positions in one ring or line, more than ${MAX_POSITIONS.toLocaleString('en')}; simplify it (e.g. mapshaper -simplify) or split it`;
  const out: LonLat[] = [];
  for (const p of value) {
    const checked = position(p);
    if (typeof checked === 'string') return checked;
    out.push(checked);
  }
  return out;
}

function polygon(value: unknown): PolygonRings | string {
  if (!Array.isArray(value) || value.length === 0) return 'polygon-rings: a Polygon needs at least one ring';
  const rings: LonLat[][] = [];
  for (const raw of value) {
    const ring = line(raw, 4);
    if (typeof ring === 'string') return ring.replace('positions-count', 'ring-positions');
    const a = ring[0]!;
    const b = ring[ring.length - 1]!;
    if (a[0] !== b[0] || a[1] !== b[1]) return 'ring-closed: a ring must end on its first position';
    rings.push(ring);
  }
  return rings;
}

/** Polygon or MultiPolygon → list of polygons */
export function polygons(geometry: unknown): PolygonRings[] | string {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object') return 'geometry-type: the feature has no geometry';
  if (g.type === 'Polygon') {
    const p = polygon(g.coordinates);
    return typeof p === 'string' ? p : [p];
  }
  if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates)) {
    const out: PolygonRings[] = [];
    for (const raw of g.coordinates) {
      const p = polygon(raw);
      if (typeof p === 'string') return p;
      out.push(p);
    }
    return out.length ? out : 'polygon-rings: an empty MultiPolygon';
  }
  return `geometry-type: expected Polygon or MultiPolygon, got ${String(g.type)}`;
}

/** LineString or MultiLineString → list of lines */
export function lines(geometry: unknown): LonLat[][] | string {
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object') return 'geometry-type: the feature has no geometry';
  if (g.type === 'LineString') {
    const l = line(g.coordinates, 2);
    return typeof l === 'string' ? l : [l];
  }
  if (g.type === 'MultiLineString' && Array.isArray(g.coordinates)) {
    const out: LonLat[][] = [];
    for (const raw of g.coordinates) {
      const l = line(raw, 2);
      if (typeof l === 'string') return l;
      out.push(l);
    }
    return out.length ? out : 'positions-count: an empty MultiLineString';
  }
  return `geometry-type: expected LineString or MultiLineString, got ${String(g.type)}`;
}

/** twice the signed area of a closed ring: positive when it runs counterclockwise */
export function doubledSignedArea(ring: readonly LonLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/** the ring counterclockwise (RFC 7946 right-hand rule for exterior rings) */
export function counterclockwise(ring: readonly LonLat[]): LonLat[] {
  const copy = ring.map((p) => [p[0], p[1]] as LonLat);
  return doubledSignedArea(copy) < 0 ? copy.reverse() : copy;
}

/** [west, south, east, north] of a ring or line (a loop: spreading 100,000 positions into Math.min overflows the stack) */
export function extent(positions: readonly LonLat[]): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lon, lat] of positions) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
}
