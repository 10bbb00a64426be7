import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { belgiumOutline } from './belgium.ts';
import { CITIES, type CityDefinition, type Ring, registryGeneration } from './cities.ts';
import { roundCoordinate } from './rounding.ts';

/**
 * The one coverage classifier every endpoint uses. Strict point-in-polygon (a point on
 * an edge is outside), after rounding the coordinates to 5 decimals.
 */
export type Coverage =
  | { covered: 'high_res'; city: CityDefinition; lat: number; lon: number }
  | { covered: 'high_res_in_development'; city: CityDefinition; lat: number; lon: number }
  | { covered: 'national_low_res'; lat: number; lon: number }
  | { covered: false; lat: number; lon: number };

function inside(lon: number, lat: number, polygon: Polygon | MultiPolygon): boolean {
  return booleanPointInPolygon([lon, lat], polygon, { ignoreBoundary: true });
}

function ringPolygon(ring: Ring): Polygon {
  return { type: 'Polygon', coordinates: [ring] };
}

interface Zone {
  city: CityDefinition;
  boundary: Polygon;
  planned: Polygon | null;
}
let zoneCache: { generation: number; zones: Zone[] } | null = null;

/** the registry's zones, rebuilt when an import or removal changed the registry */
function currentZones(): Zone[] {
  const generation = registryGeneration();
  if (zoneCache?.generation !== generation) {
    zoneCache = {
      generation,
      zones: CITIES.map((city) => ({
        city,
        boundary: ringPolygon(city.boundary),
        planned: city.plannedBoundary ? ringPolygon(city.plannedBoundary) : null,
      })),
    };
  }
  return zoneCache.zones;
}

export function classifyPoint(latitude: number, longitude: number): Coverage {
  const lat = roundCoordinate(latitude);
  const lon = roundCoordinate(longitude);
  const zones = currentZones();
  for (const zone of zones) {
    if (inside(lon, lat, zone.boundary)) return { covered: 'high_res', city: zone.city, lat, lon };
  }
  for (const zone of zones) {
    if (zone.planned && inside(lon, lat, zone.planned)) {
      return { covered: 'high_res_in_development', city: zone.city, lat, lon };
    }
  }
  if (inside(lon, lat, belgiumOutline())) return { covered: 'national_low_res', lat, lon };
  return { covered: false, lat, lon };
}
