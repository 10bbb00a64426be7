import type { Selectable } from 'kysely';
import type { EntryKind, GazetteerEntry } from '../../domain/geocode/gazetteer-entry.ts';
import type { GeocodeMatch } from '../../domain/geocode/geocode-result.ts';
import type { GazetteerTables } from '../store/schema.ts';

/**
 * The dialect-specific part of the embedded gazetteer: the full-text index over named
 * rows (FTS5 on SQLite, tsvector on PostgreSQL) and the writes that keep it in step with
 * the rows. Everything else (vocabulary, addresses by street and number, reverse lookup,
 * ranking) is shared Kysely or pure code.
 */
/** A named row as a search reads it: the table's columns but the origin and house number. */
export type GazetteerRow = Omit<
  Selectable<GazetteerTables['gazetteer']>,
  'key' | 'source' | 'house_number'
> & {
  /** set on addresses (a door, or a number interpolated); named rows match by their kind */
  match?: GeocodeMatch;
};

/** One typed word and the indexed words it may stand for. */
export interface WordAlternatives {
  terms: string[];
  /** indexed words starting with these also match */
  prefixes: string[];
}

export interface FullTextQuery {
  /** 'all': every group must match; 'any': at least one */
  mode: 'all' | 'any';
  groups: WordAlternatives[];
  /**
   * this many localities more, ranked among localities only: a municipality's name is in
   * every one of its streets' words, so among a city's thousands of streets the
   * municipality itself would not make the limit
   */
  localities?: number;
}

/** Places, streets and localities are full-text indexed; addresses are found through their street. */
export function isFullTextIndexed(kind: EntryKind): boolean {
  return kind !== 'address';
}

export interface GazetteerFullText {
  /** named rows, best textual matches first (the engine's own ranking), at most `limit` */
  match(query: FullTextQuery, limit: number): Promise<GazetteerRow[]>;
  insert(entries: readonly GazetteerEntry[]): Promise<void>;
  /** removes every entry of a source (the starter set, one imported file) before it is loaded again */
  deleteSource(source: string): Promise<void>;
  /**
   * Runs a large load. SQLite maintains secondary indexes far faster by building them
   * once afterwards than row by row (a million random inserts), so it drops and rebuilds
   * them around the work; PostgreSQL just runs it.
   */
  bulkLoad<T>(work: () => Promise<T>): Promise<T>;
}

export const ROW_COLUMNS = 'id, group_key, kind, variant, name, label, search, lat, lon, importance';
