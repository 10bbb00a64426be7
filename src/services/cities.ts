import {
  CITIES,
  type CityDefinition,
  cityBbox,
  type Product,
  ringFeature,
} from '../domain/coverage/cities.ts';
import type { CityDetail, CityEntry } from '../domain/coverage/city-resources.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';
import { scopeAllows } from '../domain/keys/key-record.ts';

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

export function listCities(product: Product | undefined, key: KeyRecord | null): CityEntry[] {
  return CITIES.filter((city) => product === undefined || city.products[product]).map((city) =>
    cityEntry(city, key),
  );
}

export function cityDetail(city: CityDefinition, key: KeyRecord | null): CityDetail {
  const detail: CityDetail = {
    ...cityEntry(city, key),
    reference_year: city.referenceYear,
    attribution: city.attribution,
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
