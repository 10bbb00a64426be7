import type { Kysely } from 'kysely';
import { CITY_INTERPOLATED_IMPORTANCE, INTERPOLATED_KEY_PART } from '../../domain/geocode/city-addresses.ts';
import type { Database } from '../store/schema.ts';
import type { GazetteerRow } from './gazetteer-full-text.ts';

/**
 * Addresses are not full-text indexed: once search has found the street, its houses are
 * an index range away, by the street's key and the normalised house number. A typed '7'
 * also finds '7a' (Belgian numbers carry letter suffixes), never '70'. Each street is
 * searched in the language variant the query found it in (a city package's addresses
 * have one row per language, as its streets do).
 */
export interface FoundStreet {
  group_key: string;
  variant: number;
  name: string;
  label: string;
  /** the street's own words (name, postcode, municipality names) */
  search: string;
}

const ADDRESS_COLUMNS = [
  'id',
  'key',
  'group_key',
  'kind',
  'variant',
  'name',
  'label',
  'search',
  'lat',
  'lon',
  'importance',
  'house_number',
] as const;

const matchOf = (key: string) => (key.includes(INTERPOLATED_KEY_PART) ? 'interpolated' : 'address');

export async function addressesOnStreets(
  db: Kysely<Database>,
  streets: readonly FoundStreet[],
  houseNumbers: readonly string[],
): Promise<GazetteerRow[]> {
  if (streets.length === 0 || houseNumbers.length === 0) return [];
  const wanted = new Set(streets.map((s) => `${s.group_key}|${s.variant}`));
  const rows = await db
    .selectFrom('gazetteer')
    .select(ADDRESS_COLUMNS)
    .where('group_key', 'in', [...new Set(streets.map((s) => s.group_key))])
    .where((eb) =>
      eb.or(
        // 'z' repeated sorts after any letter suffix in every collation
        houseNumbers.map((n) => eb.and([eb('house_number', '>=', n), eb('house_number', '<=', `${n}zzzz`)])),
      ),
    )
    .where('kind', '=', 'address')
    .execute();
  return rows
    .filter((row) => {
      const stored = row.house_number ?? '';
      return (
        wanted.has(`${row.group_key}|${row.variant}`) &&
        houseNumbers.some((n) => stored.startsWith(n) && /^[a-z]*$/.test(stored.slice(n.length)))
      );
    })
    .map(({ house_number: _, key, ...row }) => ({ ...row, match: matchOf(key) }));
}

/** the widest gap between known neighbours a number is interpolated across */
const MAX_NUMBER_GAP = 40;
const MAX_NEIGHBOUR_M = 600;

/**
 * A number the street does not hold, placed between its nearest known neighbours on the
 * same side (same parity), in proportion to the numbers; null when it lies beyond what
 * is known, or the neighbours are too far apart (in numbers or metres) to trust a line.
 */
export async function interpolatedOnStreet(
  db: Kysely<Database>,
  street: FoundStreet,
  houseNumber: string,
): Promise<GazetteerRow | null> {
  const wanted = Number.parseInt(houseNumber, 10);
  if (!Number.isFinite(wanted)) return null;
  const rows = await db
    .selectFrom('gazetteer')
    .select(['house_number', 'lat', 'lon'])
    .where('group_key', '=', street.group_key)
    .where('kind', '=', 'address')
    .where('variant', '=', street.variant)
    .where('house_number', 'is not', null)
    .execute();
  let low: { n: number; lat: number; lon: number } | null = null;
  let high: { n: number; lat: number; lon: number } | null = null;
  for (const row of rows) {
    const n = Number.parseInt(row.house_number ?? '', 10);
    if (!Number.isFinite(n) || n % 2 !== wanted % 2) continue;
    if (n < wanted && (!low || n > low.n)) low = { n, lat: row.lat, lon: row.lon };
    if (n > wanted && (!high || n < high.n)) high = { n, lat: row.lat, lon: row.lon };
  }
  if (!low || !high || high.n - low.n > MAX_NUMBER_GAP) return null;
  const kx = 111_320 * Math.cos((low.lat * Math.PI) / 180);
  if (Math.hypot((high.lon - low.lon) * kx, (high.lat - low.lat) * 110_574) > MAX_NEIGHBOUR_M) return null;
  const t = (wanted - low.n) / (high.n - low.n);
  const name = `${street.name} ${wanted}`;
  return {
    // not a stored row: an id no row has, so ranking keeps it apart
    id: -wanted,
    group_key: street.group_key,
    kind: 'address',
    variant: street.variant,
    name,
    label: street.label.startsWith(street.name) ? name + street.label.slice(street.name.length) : name,
    search: `${street.search} ${wanted}`,
    lat: Math.round((low.lat + (high.lat - low.lat) * t) * 1e7) / 1e7,
    lon: Math.round((low.lon + (high.lon - low.lon) * t) * 1e7) / 1e7,
    importance: CITY_INTERPOLATED_IMPORTANCE,
    match: 'interpolated',
  };
}
