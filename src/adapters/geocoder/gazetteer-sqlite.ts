import type SQLite from 'better-sqlite3';
import type { GazetteerEntry } from '../../domain/geocode/gazetteer-entry.ts';
import { guarded } from '../faults/classify.ts';
import {
  type FullTextQuery,
  type GazetteerFullText,
  type GazetteerRow,
  isFullTextIndexed,
  ROW_COLUMNS,
} from './gazetteer-full-text.ts';

/**
 * The gazetteer's full-text index on SQLite: a contentless FTS5 table whose rowids are
 * `gazetteer.id`, written through the raw better-sqlite3 handle in one transaction per
 * batch, because FTS5 has no Kysely builder and a national import needs prepared
 * statements.
 */

/** FTS5 MATCH syntax; words are [a-z0-9]+ after normalisation, so quoting is enough. */
export function fts5Expression(query: FullTextQuery): string {
  const groups = query.groups
    .map((group) => [
      ...group.terms.map((term) => `"${term}"`),
      ...group.prefixes.map((prefix) => `"${prefix}"*`),
    ])
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => (alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`));
  return groups.join(query.mode === 'all' ? ' AND ' : ' OR ');
}

/** The secondary indexes of migration 002, rebuilt after a bulk load (same names and columns). */
const SECONDARY_INDEXES: Readonly<Record<string, string>> = {
  gazetteer_position: 'CREATE INDEX IF NOT EXISTS gazetteer_position ON gazetteer (lat, lon)',
  gazetteer_street_number:
    'CREATE INDEX IF NOT EXISTS gazetteer_street_number ON gazetteer (group_key, house_number)',
};

export function createSqliteFullText(sqlite: SQLite.Database): GazetteerFullText {
  const columns = ROW_COLUMNS.split(', ')
    .map((column) => `g.${column}`)
    .join(', ');
  // rank inside FTS5 first (bm25 favours short names made of the query's words), then join
  const matchRows = sqlite.prepare(
    `SELECT ${columns} FROM (SELECT rowid AS id, rank FROM gazetteer_fts WHERE gazetteer_fts MATCH ?
       ORDER BY rank LIMIT ?) AS m JOIN gazetteer AS g ON g.id = m.id ORDER BY m.rank`,
  );
  const matchLocalities = sqlite.prepare(
    `SELECT ${columns} FROM gazetteer_fts AS m JOIN gazetteer AS g ON g.id = m.rowid
     WHERE gazetteer_fts MATCH ? AND g.kind = 'locality' ORDER BY m.rank LIMIT ?`,
  );
  const insertRow = sqlite.prepare(
    `INSERT INTO gazetteer (key, group_key, kind, source, variant, name, label, search, lat, lon, importance, house_number)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ftsInsert = sqlite.prepare('INSERT INTO gazetteer_fts (rowid, search) VALUES (?, ?)');

  const insertAll = sqlite.transaction((entries: readonly GazetteerEntry[]) => {
    for (const entry of entries) {
      const e = entry;
      const id = insertRow.run(
        e.key,
        e.groupKey,
        e.kind,
        e.source,
        e.variant,
        e.name,
        e.label,
        e.search,
        e.lat,
        e.lon,
        e.importance,
        e.houseNumber,
      ).lastInsertRowid;
      if (isFullTextIndexed(entry.kind)) ftsInsert.run(id, entry.search);
    }
  });

  const deleteSource = sqlite.transaction((source: string) => {
    sqlite
      .prepare(
        `DELETE FROM gazetteer_fts WHERE rowid IN (SELECT id FROM gazetteer WHERE source = ? AND kind <> 'address')`,
      )
      .run(source);
    sqlite.prepare('DELETE FROM gazetteer WHERE source = ?').run(source);
  });

  // the raw handle bypasses the guarded Kysely dialect, so its outages (disk full, I/O
  // error, corrupt index, busy) are translated here with the same classification
  return {
    match: (query, limit) =>
      guarded('database', async () => {
        const expression = fts5Expression(query);
        if (expression === '') return [];
        const rows = matchRows.all(expression, limit) as GazetteerRow[];
        if (!query.localities) return rows;
        return rows.concat(matchLocalities.all(expression, query.localities) as GazetteerRow[]);
      }),
    insert: (entries) => guarded('database', async () => insertAll(entries)),
    deleteSource: (source) => guarded('database', async () => deleteSource(source)),
    async bulkLoad(work) {
      await guarded('database', async () => {
        for (const name of Object.keys(SECONDARY_INDEXES)) sqlite.exec(`DROP INDEX IF EXISTS ${name}`);
      });
      try {
        return await work();
      } finally {
        await guarded('database', async () => {
          for (const ddl of Object.values(SECONDARY_INDEXES)) sqlite.exec(ddl);
        });
      }
    },
  };
}
