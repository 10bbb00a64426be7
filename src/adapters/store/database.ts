import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Dialect as KyselyDialect, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** the raw better-sqlite3 handle, for features that need SQLite specifics (FTS5); null on PostgreSQL */
  sqlite: SQLite.Database | null;
  /** the PostgreSQL pool (its sizes are metrics); null on SQLite */
  pgPool: pg.Pool | null;
  close(): Promise<void>;
}

// PostgreSQL returns int8 as strings by default; our bigints are epoch milliseconds,
// well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** wraps the dialect (telemetry: query timing, spans) */
  instrument?: (dialect: KyselyDialect, system: 'sqlite' | 'postgresql') => KyselyDialect;
}): Promise<OpenedDatabase> {
  const instrument = options.instrument ?? ((dialect: KyselyDialect) => dialect);
  let opened: OpenedDatabase;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle client losing its connection (server restart, failover) must not crash the
    // process: the pool drops it and the next query opens a fresh one
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: instrument(new PostgresDialect({ pool }), 'postgresql') });
    opened = { db, dialect: 'postgres', sqlite: null, pgPool: pool, close: () => db.destroy() };
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = new SQLite(join(options.dataDir, 'svc.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({
      dialect: instrument(new SqliteDialect({ database: sqlite }), 'sqlite'),
    });
    opened = { db, dialect: 'sqlite', sqlite, pgPool: null, close: () => db.destroy() };
  }
  await migrate(opened.db);
  return opened;
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
