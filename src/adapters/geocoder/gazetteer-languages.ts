import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/**
 * A place's label in another language. The gazetteer holds a bilingual place as one row
 * per language, sharing `group_key` and the same position, each keyed `<group>:<lang>`
 * ('Grand-Place, 1000 Bruxelles' and 'Grote Markt, 1000 Brussel'). Given a label found by
 * a search or a reverse lookup, this finds its sibling in `lang`; English falls back to
 * the primary (local) name when the place has no English one. Imported addresses have one
 * language only: null, and the caller keeps what it found.
 */
export async function labelInLanguage(
  db: Kysely<Database>,
  found: { label: string; lat: number; lon: number },
  lang: string,
): Promise<string | null> {
  // the variants of a place share its position: the (lat, lon) index finds them all
  const rows = await db
    .selectFrom('gazetteer')
    .select(['key', 'group_key', 'variant', 'label'])
    .where('lat', '=', found.lat)
    .where('lon', '=', found.lon)
    .where('kind', '<>', 'address')
    .execute();
  const self = rows.find((row) => row.label === found.label);
  if (!self) return null;
  const siblings = rows.filter((row) => row.group_key === self.group_key);
  const wanted = siblings.find((row) => row.key === `${self.group_key}:${lang}`);
  if (wanted) return wanted.label;
  if (lang === 'en') return siblings.find((row) => row.variant === 0)?.label ?? null;
  return null;
}
