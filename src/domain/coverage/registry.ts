import type { Polygon } from 'geojson';
import type { CityDefinition, Ring } from './vocabulary.ts';

/** A city's zones as the coverage classifier tests them (classify.ts). */
export interface CoverageZone {
  city: CityDefinition;
  boundary: Polygon;
  planned: Polygon | null;
}

/**
 * The city registry: which cities the service covers, what each offers and the outline
 * of its model zones, read from city data packages (docs/cities.md). A value: the
 * composition root builds one from the packages it loaded and builds a new one when an
 * import or removal is seen; code that must see the change asks a `Cities` for the
 * current registry at the time of each request rather than keeping one.
 */
export interface CityRegistry {
  /** the covered cities, in registry order */
  readonly cities: readonly CityDefinition[];
  /** a new registry of the same holder has a higher generation: memoise per generation */
  readonly generation: number;
  find(id: string): CityDefinition | undefined;
  /** the cities' zones, built once per registry */
  readonly zones: readonly CoverageZone[];
}

/** the live view of the registry: the current one at the time of the call */
export type Cities = () => CityRegistry;

function ringPolygon(ring: Ring): Polygon {
  return { type: 'Polygon', coordinates: [ring] };
}

export function cityRegistry(cities: readonly CityDefinition[], generation = 0): CityRegistry {
  const list = Object.freeze([...cities]);
  const zones = Object.freeze(
    list.map((city) => ({
      city,
      boundary: ringPolygon(city.boundary),
      planned: city.plannedBoundary ? ringPolygon(city.plannedBoundary) : null,
    })),
  );
  return {
    cities: list,
    generation,
    find: (id) => list.find((city) => city.id === id),
    zones,
  };
}
