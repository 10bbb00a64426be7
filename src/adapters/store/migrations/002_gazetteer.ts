import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The embedded gazetteer: one row per searchable name (a place, a street, a locality or
 * one imported address; a bilingual place has one row per language variant, sharing
 * `group_key`). Only named rows (places, streets, localities) are full-text indexed; an
 * address is found through its street (`group_key` = the street's key) and its
 * normalised `house_number`, which keeps a national import cheap to load and to query.
 * Rows are replaced per source (the starter set, one imported file), never one by one,
 * so no unique index has to be maintained row by row during a national import.
 * Full-text indexing is dialect specific: a contentless FTS5 table on SQLite, a generated
 * tsvector with a partial GIN index on PostgreSQL. The vocabulary and its trigrams (typo
 * tolerance) are plain tables shared by both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('gazetteer')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('variant', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('importance', 'double precision', (c) => c.notNull())
    .addColumn('house_number', 'text')
    .execute();
  await db.schema.createIndex('gazetteer_position').on('gazetteer').columns(['lat', 'lon']).execute();
  await db.schema
    .createIndex('gazetteer_street_number')
    .on('gazetteer')
    .columns(['group_key', 'house_number'])
    .execute();

  await db.schema
    .createTable('gazetteer_terms')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('docs', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gazetteer_term_grams')
    .addColumn('gram', 'text', (c) => c.notNull())
    .addColumn('len', 'integer', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gazetteer_term_grams_pk', ['gram', 'len', 'term'])
    .execute();
  await db.schema
    .createTable('gazetteer_meta')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  if (postgres) {
    await sql`ALTER TABLE gazetteer ADD COLUMN search_vector tsvector
      GENERATED ALWAYS AS (CASE WHEN kind <> 'address' THEN to_tsvector('simple', search) END) STORED`.execute(
      db,
    );
    await sql`CREATE INDEX gazetteer_named_fts ON gazetteer USING gin (search_vector) WHERE kind <> 'address'`.execute(
      db,
    );
  } else {
    // contentless (the text lives in `gazetteer.search`; rowid = gazetteer.id), with positions
    // kept (detail=full) because bm25 ranking needs them
    await sql`CREATE VIRTUAL TABLE gazetteer_fts USING fts5(search, content='', contentless_delete=1, tokenize='ascii')`.execute(
      db,
    );
  }
}
