import { type CityDefinition, cityBbox, type Product, ringFeature } from '../domain/coverage/cities.ts';
import type { CityDetail, CityEntry } from '../domain/coverage/city-resources.ts';
import type { CityRegistry } from '../domain/coverage/registry.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';
import { scopeAllows } from '../domain/keys/key-record.ts';
import { withLiveCredits } from '../domain/live/provenance.ts';

/** The city index and city detail resources, built from the registry. */
export function cityEntry(city: CityDefinition, key: KeyRecord | null): CityEntry {
  const entry: CityEntry = {
    id: city.id,
    name: city.name,
    country: city.country,
    timezone: city.timezone,
    bbox: cityBbox(city),
    metrics: [...city.metrics],
    products: { ...city.products },
  };
  if (city.products.map && city.map) entry.map = { ...city.map, layers: [...city.map.layers] };
  if (key) entry.authorized = scopeAllows(key.cities, city.id);
  return entry;
}

export function listCities(
  registry: CityRegistry,
  product: Product | undefined,
  key: KeyRecord | null,
): CityEntry[] {
  return registry.cities
    .filter((city) => product === undefined || city.products[product])
    .map((city) => cityEntry(city, key));
}

/** whether the feeds drive some of a city's answers (its real-time or forecast product) */
export function cityUsesLiveData(city: CityDefinition): boolean {
  return city.products.realtime || city.products.forecast;
}

/**
 * `liveCredits`: the configured feed providers' credits (none without FEED_*);
 * `referenceYear`: a backfilled year in use (feeds backfill), else the package's
 */
export function cityDetail(
  city: CityDefinition,
  key: KeyRecord | null,
  liveCredits: readonly string[] = [],
  referenceYear: number = city.referenceYear,
): CityDetail {
  const detail: CityDetail = {
    ...cityEntry(city, key),
    reference_year: referenceYear,
    attribution: withLiveCredits(city.attribution, cityUsesLiveData(city) ? liveCredits : []),
    boundary: ringFeature(city.boundary, { city: city.id, zone: 'high_res' }) as CityDetail['boundary'],
  };
  if (city.plannedBoundary) {
    detail.planned_boundary = ringFeature(city.plannedBoundary, {
      city: city.id,
      zone: 'high_res_in_development',
    }) as CityDetail['boundary'];
  }
  return detail;
}
