import type { Kysely } from 'kysely';
import { isNumberToken } from '../../domain/geocode/normalise.ts';
import { termGrams } from '../../domain/geocode/term-grams.ts';
import type { Database } from '../store/schema.ts';
import { readGazetteerMeta, writeGazetteerMeta } from './gazetteer-meta.ts';

/**
 * The gazetteer's vocabulary: every word of the named places (streets, places,
 * localities; addresses add only house numbers, which never need correcting), how many
 * names carry it, and its trigrams for typo lookup. Rebuilt after each seed or import;
 * plain tables and Kysely queries, identical on SQLite and PostgreSQL.
 */
const PAGE = 5000;
const INSERT_BATCH = 1000;
const NAMED_ROWS = 'named_rows';

export async function rebuildVocabulary(db: Kysely<Database>): Promise<void> {
  const docs = new Map<string, number>();
  let namedRows = 0;
  let after = 0;
  for (;;) {
    const page = await db
      .selectFrom('gazetteer')
      .select(['id', 'search'])
      .where('kind', '<>', 'address')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of page) {
      namedRows += 1;
      for (const term of new Set(row.search.split(' '))) {
        if (term !== '') docs.set(term, (docs.get(term) ?? 0) + 1);
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.id;
  }
  const terms = [...docs].map(([term, count]) => ({ term, docs: count }));
  const grams = terms
    .filter(({ term }) => !isNumberToken(term) && term.length >= 3)
    .flatMap(({ term }) => termGrams(term).map((gram) => ({ gram, len: term.length, term })));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('gazetteer_term_grams').execute();
    await trx.deleteFrom('gazetteer_terms').execute();
    for (let i = 0; i < terms.length; i += INSERT_BATCH) {
      await trx
        .insertInto('gazetteer_terms')
        .values(terms.slice(i, i + INSERT_BATCH))
        .execute();
    }
    for (let i = 0; i < grams.length; i += INSERT_BATCH) {
      await trx
        .insertInto('gazetteer_term_grams')
        .values(grams.slice(i, i + INSERT_BATCH))
        .execute();
    }
    await writeGazetteerMeta(trx, NAMED_ROWS, String(namedRows));
  });
}

/** How many named rows carry each of these words (absent: none). */
export async function termFrequencies(
  db: Kysely<Database>,
  terms: readonly string[],
): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = await db
    .selectFrom('gazetteer_terms')
    .select(['term', 'docs'])
    .where('term', 'in', [...new Set(terms)])
    .execute();
  return new Map(rows.map((row) => [row.term, Number(row.docs)]));
}

export async function namedRowCount(db: Kysely<Database>): Promise<number> {
  return Number((await readGazetteerMeta(db, NAMED_ROWS)) ?? 0);
}

/**
 * Vocabulary words that could be `term` with up to `maxTypos` edits: each edit (a
 * transposition included) spoils at most four of its padded trigrams, so a candidate must
 * share the rest, be of a length within reach and, as in most spelling correctors, begin
 * with the same letter (that keeps the lookup to a few index ranges on a national
 * vocabulary). The caller confirms with the edit distance.
 */
export async function typoCandidates(
  db: Kysely<Database>,
  term: string,
  maxTypos: number,
  limit: number,
): Promise<string[]> {
  const grams = termGrams(term);
  const needed = Math.max(1, grams.length - 4 * maxTypos);
  const initial = term.slice(0, 1);
  const lengths = Array.from({ length: 2 * maxTypos + 1 }, (_, i) => term.length - maxTypos + i);
  const rows = await db
    .selectFrom('gazetteer_term_grams')
    .select(['term', (eb) => eb.fn.countAll<number>().as('hits')])
    .where('gram', 'in', grams)
    .where('len', 'in', lengths)
    // a range on the last index column; 'z' repeated is above any word of that initial in every collation
    .where('term', '>=', initial)
    .where('term', '<=', initial + 'z'.repeat(40))
    .groupBy('term')
    .having((eb) => eb.fn.countAll(), '>=', needed)
    .orderBy('hits', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.term);
}
