import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { insideBelgium } from './belgium.ts';
import type { CityDefinition } from './cities.ts';
import type { CityRegistry } from './registry.ts';
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

function inside(lon: number, lat: number, polygon: Polygon): boolean {
  return booleanPointInPolygon([lon, lat], polygon, { ignoreBoundary: true });
}

/** where a point lies among the registry's cities, or in the rest of Belgium, or outside */
export function classifyPoint(registry: CityRegistry, latitude: number, longitude: number): Coverage {
  const lat = roundCoordinate(latitude);
  const lon = roundCoordinate(longitude);
  const { zones } = registry;
  for (const zone of zones) {
    if (inside(lon, lat, zone.boundary)) return { covered: 'high_res', city: zone.city, lat, lon };
  }
  for (const zone of zones) {
    if (zone.planned && inside(lon, lat, zone.planned)) {
      return { covered: 'high_res_in_development', city: zone.city, lat, lon };
    }
  }
  if (insideBelgium(lon, lat)) return { covered: 'national_low_res', lat, lon };
  return { covered: false, lat, lon };
}
