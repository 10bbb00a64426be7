import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { labelInLanguage } from './gazetteer-languages.ts';

/**
 * Nearest known address (or named place or street; never a whole locality) within a
 * radius, in `lang` where the place has a name in it, else in its primary language. A box on the (lat, lon) index narrows the rows, the
 * great-circle distance picks the nearest.
 */
const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_M) / 180;

export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export async function nearestLabel(
  db: Kysely<Database>,
  lat: number,
  lon: number,
  radiusM: number,
  lang?: string,
): Promise<string | null> {
  const dLat = radiusM / METRES_PER_DEGREE_LAT;
  const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  const rows = await db
    .selectFrom('gazetteer')
    .select(['label', 'lat', 'lon'])
    .where('lat', '>=', lat - dLat)
    .where('lat', '<=', lat + dLat)
    .where('lon', '>=', lon - dLon)
    .where('lon', '<=', lon + dLon)
    .where('kind', '<>', 'locality')
    .where('variant', '=', 0)
    .execute();
  let best: { label: string; lat: number; lon: number; distance: number } | null = null;
  for (const row of rows) {
    const distance = distanceMetres(lat, lon, row.lat, row.lon);
    if (distance <= radiusM && (!best || distance < best.distance)) best = { ...row, distance };
  }
  if (!best) return null;
  return (lang ? await labelInLanguage(db, best, lang) : null) ?? best.label;
}
