import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { FullTextQuery, GazetteerFullText, GazetteerRow } from './gazetteer-full-text.ts';

/**
 * The gazetteer's full-text index on PostgreSQL: `search_vector` is generated from the
 * normalised `search` column of named rows ('simple' configuration: our own
 * normalisation already did the language work), with a partial GIN index. Writes are one
 * statement per batch (arrays unnested), so an import does not pay a round trip per row.
 */

/** to_tsquery syntax; words are [a-z0-9]+ after normalisation, so no escaping is needed. */
export function tsqueryExpression(query: FullTextQuery): string {
  const groups = query.groups
    .map((group) => [...group.terms, ...group.prefixes.map((prefix) => `${prefix}:*`)])
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => (alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`));
  return groups.join(query.mode === 'all' ? ' & ' : ' | ');
}

export function createPostgresFullText(db: Kysely<Database>): GazetteerFullText {
  return {
    async match(query, limit) {
      const expression = tsqueryExpression(query);
      if (expression === '') return [];
      // one round trip: the best rows, and the best localities apart (FullTextQuery.localities)
      const result = await sql<GazetteerRow>`
        (SELECT id, group_key, kind, variant, name, label, search, lat, lon, importance
         FROM gazetteer, to_tsquery('simple', ${expression}) AS q
         WHERE search_vector @@ q AND kind <> 'address'
         ORDER BY ts_rank(search_vector, q, 2) DESC, id
         LIMIT ${limit})
        UNION ALL
        (SELECT id, group_key, kind, variant, name, label, search, lat, lon, importance
         FROM gazetteer, to_tsquery('simple', ${expression}) AS q
         WHERE search_vector @@ q AND kind = 'locality'
         ORDER BY ts_rank(search_vector, q, 2) DESC, id
         LIMIT ${query.localities ?? 0})`.execute(db);
      return result.rows;
    },
    async insert(entries) {
      const rows = entries;
      if (rows.length === 0) return;
      const column = <T>(pick: (entry: (typeof rows)[number]) => T): T[] => rows.map(pick);
      await sql`
        INSERT INTO gazetteer
          (key, group_key, kind, source, variant, name, label, search, lat, lon, importance, house_number)
        SELECT * FROM unnest(
          ${column((e) => e.key)}::text[], ${column((e) => e.groupKey)}::text[], ${column((e) => e.kind)}::text[],
          ${column((e) => e.source)}::text[], ${column((e) => e.variant)}::int[], ${column((e) => e.name)}::text[],
          ${column((e) => e.label)}::text[], ${column((e) => e.search)}::text[], ${column((e) => e.lat)}::float8[],
          ${column((e) => e.lon)}::float8[], ${column((e) => e.importance)}::float8[],
          ${column((e) => e.houseNumber)}::text[])`.execute(db);
    },
    async deleteSource(source) {
      await db.deleteFrom('gazetteer').where('source', '=', source).execute();
    },
    async bulkLoad(work) {
      const result = await work();
      // a GIN index takes a bulk load into its pending list, which every search then scans
      // row by row (2 ms instead of 0.1 for two words over a city's streets): merge it, and
      // give the planner the new row counts
      await sql`SELECT gin_clean_pending_list('gazetteer_named_fts')`.execute(db);
      await sql`ANALYZE gazetteer`.execute(db);
      return result;
    },
  };
}
