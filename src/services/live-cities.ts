import { type Cities, type CityRegistry, cityRegistry } from '../domain/coverage/registry.ts';
import type { CityDefinition } from '../domain/coverage/vocabulary.ts';

/**
 * The one mutable place of the city registry: the composition root creates it from the
 * packages loaded at start, the city watcher (city-catalog.ts) swaps in a new registry
 * when an import or removal is seen, and everything that asks which cities exist reads
 * `current()` at the time of the request (a registry is a value: keeping one is keeping
 * a snapshot).
 */
export class LiveCities {
  private registry: CityRegistry;

  constructor(cities: readonly CityDefinition[]) {
    this.registry = cityRegistry(cities);
  }

  /** the registry now; pass this function where code needs the live view */
  readonly current: Cities = () => this.registry;

  replace(cities: readonly CityDefinition[]): void {
    this.registry = cityRegistry(cities, this.registry.generation + 1);
  }
}
