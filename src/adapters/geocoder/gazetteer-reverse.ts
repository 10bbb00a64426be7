import type { Kysely } from 'kysely';
import { INTERPOLATED_KEY_PART } from '../../domain/geocode/city-addresses.ts';
import type { Database } from '../store/schema.ts';
import { labelInLanguage } from './gazetteer-languages.ts';

/**
 * Reverse geocoding: the nearest known door within a few tens of metres (DOOR_RADIUS_M);
 * else the street, by the nearest door's street or the nearest named street or place,
 * whichever is nearer; never a whole locality; within the radius, in `lang` where the
 * place has a name in it, else in its primary language. A box on the (lat, lon) index
 * narrows the rows, the great-circle distance picks the nearest.
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

/** a known door this close answers with its number; farther, the street is named instead */
export const DOOR_RADIUS_M = 40;

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
    .select(['key', 'label', 'lat', 'lon', 'kind', 'group_key', 'house_number'])
    .where('lat', '>=', lat - dLat)
    .where('lat', '<=', lat + dLat)
    .where('lon', '>=', lon - dLon)
    .where('lon', '<=', lon + dLon)
    .where('kind', '<>', 'locality')
    .where('variant', '=', 0)
    .execute();
  type Near = (typeof rows)[number] & { distance: number };
  let door: Near | null = null;
  let named: Near | null = null;
  for (const row of rows) {
    const distance = distanceMetres(lat, lon, row.lat, row.lon);
    if (distance > radiusM) continue;
    if (row.kind === 'address') {
      // an interpolated number is a guess at a door: it may name the street, not the door
      const guessed = row.key.includes(INTERPOLATED_KEY_PART);
      if (guessed && distance <= DOOR_RADIUS_M) continue;
      if (row.house_number !== null && (!door || distance < door.distance)) door = { ...row, distance };
    } else if (!named || distance < named.distance) named = { ...row, distance };
  }
  if (door && door.distance <= DOOR_RADIUS_M) return (await doorInLanguage(db, door, lang)) ?? door.label;
  // the street of the nearest door is nearer than its middle, which is all a street row places
  if (door && (!named || door.distance < named.distance)) {
    const street = await streetLabel(db, door.group_key, lang);
    if (street) return street;
  }
  const best = named ?? door;
  if (!best) return null;
  return (lang ? await labelInLanguage(db, best, lang) : null) ?? best.label;
}

/** a city package's door in another language: its keys end with the language (city-addresses.ts) */
async function doorInLanguage(
  db: Kysely<Database>,
  door: { key: string; group_key: string; house_number: string | null },
  lang?: string,
): Promise<string | null> {
  const own = /:(fr|nl)$/.exec(door.key);
  if (!lang || !own || own[1] === lang) return null;
  // by the (street, number) index: the door's other variants share both
  const rows = await db
    .selectFrom('gazetteer')
    .select(['key', 'label'])
    .where('group_key', '=', door.group_key)
    .where('house_number', '=', door.house_number)
    .execute();
  const wanted = `${door.key.slice(0, -own[1]!.length)}${lang}`;
  return rows.find((row) => row.key === wanted)?.label ?? null;
}

/** a street's label, in `lang` where it has one, else in its primary language */
async function streetLabel(db: Kysely<Database>, groupKey: string, lang?: string): Promise<string | null> {
  const rows = await db
    .selectFrom('gazetteer')
    .select(['key', 'variant', 'label'])
    .where('group_key', '=', groupKey)
    .where('kind', '=', 'street')
    .execute();
  const wanted = lang ? rows.find((row) => row.key === `${groupKey}:${lang}`) : undefined;
  return (wanted ?? rows.find((row) => row.variant === 0) ?? rows[0])?.label ?? null;
}
