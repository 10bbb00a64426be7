import type { Feature, Polygon } from 'geojson';
import { boundsOf } from '../grid/bbox.ts';
import type { CityDefinition, Ring } from './vocabulary.ts';

export { type Cities, type CityRegistry, cityRegistry } from './registry.ts';
/**
 * What the service knows of a city: its vocabulary and the geometry helpers of its
 * zones. The cities themselves are data (docs/cities.md), the packages shipped in
 * data/cities/ and the ones an operator imported, held in a CityRegistry (registry.ts)
 * that the composition root builds. The shipped outlines are the model's own zones,
 * drawn for this service; they are not administrative boundaries.
 */
export type {
  CityDefinition,
  DataMetric,
  Horizon,
  MapLayer,
  Metric,
  Product,
  Ring,
} from './vocabulary.ts';
export { DATA_METRICS, HORIZONS, MAP_LAYERS, METRICS, PRODUCTS } from './vocabulary.ts';

/** Twice the signed area of a closed ring: positive when it runs counterclockwise. */
function doubledSignedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

/**
 * A closed exterior ring, counterclockwise whatever order the outline was written in:
 * GeoJSON (RFC 7946 §3.1.6) wants exterior rings to follow the right-hand rule.
 */
export function closed(points: Array<[number, number]>): Ring {
  const first = points[0]!;
  const ring: Ring = [...points, [first[0], first[1]]];
  return doubledSignedArea(ring) < 0 ? ring.reverse() : ring;
}

/** [west, south, east, north] of a set of rings. */
export const ringsBbox: (rings: readonly Ring[]) => [number, number, number, number] = boundsOf;

export function cityBbox(city: CityDefinition): [number, number, number, number] {
  return ringsBbox(city.plannedBoundary ? [city.boundary, city.plannedBoundary] : [city.boundary]);
}

export function ringFeature(ring: Ring, properties: Record<string, unknown>): Feature<Polygon> {
  return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } };
}
