import type { Feature, Polygon } from 'geojson';
import { loadEmbeddedCities } from './embedded-cities.ts';
import type { CityDefinition, Ring } from './vocabulary.ts';

/**
 * The city registry: which cities the service covers, what each offers and the outline
 * of its model zones, read from city data packages (docs/cities.md): the ones shipped in
 * data/cities/ and the ones an operator imported. The shipped outlines are the model's
 * own zones, drawn for this service; they are not administrative boundaries.
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

/**
 * The live registry. Cities are data (docs/cities.md): the packages shipped under
 * data/cities/ and the ones an operator imported. The composition root loads them and
 * replaces the list whenever an import or removal is seen; everything that asks which
 * cities exist reads this list at the time of the request. Until then it holds the
 * embedded packages, so that code without a composition root (tests, scripts) sees them.
 */
const live: CityDefinition[] = [];
let generation = 0;

/** the covered cities, in registry order (a live view: do not keep a copy) */
export const CITIES: readonly CityDefinition[] = live;

export function replaceCities(cities: readonly CityDefinition[]): void {
  live.splice(0, live.length, ...cities);
  generation++;
}

/** changes whenever the registry does: memoise per generation */
export function registryGeneration(): number {
  return generation;
}

export function findCity(id: string): CityDefinition | undefined {
  return live.find((city) => city.id === id);
}

/** [west, south, east, north] of a set of rings. */
export function ringsBbox(rings: readonly Ring[]): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const ring of rings) {
    for (const [lon, lat] of ring) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return [west, south, east, north];
}

/** The city's bbox: its current zone and, where announced, its planned zone. */
export function cityBbox(city: CityDefinition): [number, number, number, number] {
  return ringsBbox(city.plannedBoundary ? [city.boundary, city.plannedBoundary] : [city.boundary]);
}

export function ringFeature(ring: Ring, properties: Record<string, unknown>): Feature<Polygon> {
  return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } };
}

// the shipped packages until the composition root says otherwise (see `live` above)
replaceCities(loadEmbeddedCities());
