import area from '@turf/area';
import kinks from '@turf/kinks';
import type { Polygon } from 'geojson';
import { insideBelgium } from '../belgium.ts';
import { counterclockwise, doubledSignedArea, type LonLat, polygons } from './geometry.ts';
import { MIN_ZONE_AREA_M2 } from './limits.ts';

/**
 * The exterior ring of a city's zone (`boundary` / `planned_boundary`), checked as an
 * area the service can stand behind: it decides which requests a city answers, so a ring
 * that is a line, crosses itself or leaves Belgium is refused rather than served. Answers
 * the ring closed and counterclockwise, or the failed rule (`rule: what is wrong; fix`).
 */
export function zoneRing(
  geometry: unknown,
  check: { inBelgium: boolean } = { inBelgium: true },
): LonLat[] | string {
  const rings = polygons(geometry);
  if (typeof rings === 'string') return rings;
  const ring = rings[0]![0]!;
  const distinct = withoutRepeats(ring);
  // `distinct` is closed: its corners are all but the last position
  const corners = distinct.length === 1 ? 1 : distinct.length - 1;
  if (corners < 3)
    return `ring-line: the ring has ${corners} distinct position(s), a line and not an area; draw the zone with at least three corners`;
  const polygon: Polygon = { type: 'Polygon', coordinates: [distinct] };
  const crossing = kinks(polygon).features[0];
  if (crossing) {
    const [lon, lat] = crossing.geometry.coordinates as LonLat;
    return `ring-self-intersection: the ring crosses itself near [${round(lon)}, ${round(lat)}] (a bow-tie); order its positions so that no two edges cross`;
  }
  // collinear in degrees: no area as drawn (the geodesic area of such a ring is a few m², not 0)
  const flat = Math.abs(doubledSignedArea(distinct)) < 1e-12;
  const squareMetres = flat ? 0 : area(polygon);
  if (squareMetres < MIN_ZONE_AREA_M2)
    return `ring-area: the zone encloses ${flat ? 'no area (its positions lie on one line)' : `${Math.round(squareMetres)} m²`}, less than ${MIN_ZONE_AREA_M2.toLocaleString('en')} m² (1 ha); draw the whole zone as an area`;
  // every vertex, against the outline coverage itself uses (Natural Earth 1:10m)
  for (let i = 0; check.inBelgium && i < ring.length; i++) {
    const [lon, lat] = ring[i]!;
    if (!insideBelgium(lon, lat))
      return `boundary-in-belgium: position ${i} [${lon}, ${lat}] lies outside Belgium's outline; the model covers Belgium only, so move or trim the zone to lie inside the country`;
  }
  return counterclockwise(ring);
}

/** the ring without consecutive repeated positions (drawing tools leave them; they are not corners) */
function withoutRepeats(ring: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;
