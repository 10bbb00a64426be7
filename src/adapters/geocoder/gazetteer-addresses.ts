import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { GazetteerRow } from './gazetteer-full-text.ts';

/**
 * Addresses are not full-text indexed: once search has found the street, its houses are
 * an index range away, by the street's key and the normalised house number. A typed '7'
 * also finds '7a' (Belgian numbers carry letter suffixes), never '70'.
 */
export async function addressesOnStreets(
  db: Kysely<Database>,
  streetKeys: readonly string[],
  houseNumbers: readonly string[],
): Promise<GazetteerRow[]> {
  if (streetKeys.length === 0 || houseNumbers.length === 0) return [];
  const rows = await db
    .selectFrom('gazetteer')
    .select([
      'id',
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
    ])
    .where('group_key', 'in', [...streetKeys])
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
      return houseNumbers.some((n) => stored.startsWith(n) && /^[a-z]*$/.test(stored.slice(n.length)));
    })
    .map(({ house_number: _, ...row }) => row);
}
