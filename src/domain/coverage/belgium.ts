import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { BELGIUM_OUTLINE } from './belgium-outline.ts';

/**
 * Belgium's outline from Natural Earth (1:10m admin-0 countries), kept in the source
 * (belgium-outline.ts, written from the world-atlas package by
 * scripts/coverage/belgium-outline.ts): the domain reads no file, and no process parses
 * the whole world to keep one country.
 */
export function belgiumOutline(): Polygon | MultiPolygon {
  return BELGIUM_OUTLINE as Polygon | MultiPolygon;
}

/** whether a point lies inside Belgium's outline, strictly (a point on the border is outside) */
export function insideBelgium(lon: number, lat: number): boolean {
  return booleanPointInPolygon([lon, lat], BELGIUM_OUTLINE as Polygon | MultiPolygon, {
    ignoreBoundary: true,
  });
}
