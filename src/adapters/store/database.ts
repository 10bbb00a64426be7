import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Dialect as KyselyDialect, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Pool } from 'pg';
import type { FaultLog } from '../faults/fault-log.ts';
import { guardedDialect } from './guarded-dialect.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** the raw better-sqlite3 handle, for features that need SQLite specifics (FTS5); null on PostgreSQL */
  sqlite: SQLite.Database | null;
  /** the PostgreSQL pool (its sizes are metrics); null on SQLite */
  pgPool: Pool | null;
  /**
   * for start-up work that may wait for another instance doing the same (migrations, the
   * gazetteer's seeding): bounded by STARTUP_STATEMENT_TIMEOUT_MS, not by a request's
   * bound; the same as `db` when no statement bound was asked (the CLI) and on SQLite
   */
  startup: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL driver, loaded by the first PostgreSQL database opened: the embedded
 * default never pays its ~17 MB of resident memory (docs/performance.md, "Memory").
 */
async function postgresDriver() {
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 as strings by default; our bigints are epoch milliseconds,
  // well inside Number's safe range.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  return pg;
}

/**
 * Bounds on PostgreSQL: a connection attempt gives up after 1.5 s and a statement after
 * 10 s, so that an outage answers 503 in time instead of hanging the request.
 */
export const POSTGRES_TIMEOUTS = { connectionTimeoutMillis: 1500, statementTimeoutMs: 10_000 };

/**
 * Start-up statements wait for other instances starting on the same database: Kysely's
 * migration lock, the gazetteer's seeding lock, each held while the holder works. On a
 * loaded two-core machine that was seen to pass the 10 s request bound, and the second
 * instance failed to start; five minutes still ends a start-up that truly hangs.
 */
export const STARTUP_STATEMENT_TIMEOUT_MS = 300_000;

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** where connection failures are logged (the server); none for one-shot CLI commands */
  faults?: FaultLog;
  /** PostgreSQL statement bound; the server passes POSTGRES_TIMEOUTS, bulk imports none */
  statementTimeoutMs?: number;
  /** wraps the dialect (telemetry: query timing, spans) */
  instrument?: (dialect: KyselyDialect, system: 'sqlite' | 'postgresql') => KyselyDialect;
}): Promise<OpenedDatabase> {
  const faults = options.faults;
  const instrument = options.instrument ?? ((dialect: KyselyDialect) => dialect);
  let opened: OpenedDatabase;
  if (options.databaseUrl) {
    const pg = await postgresDriver();
    const poolOf = (max: number, statementTimeoutMs: number | undefined) =>
      new pg.Pool({
        connectionString: options.databaseUrl,
        max,
        connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionTimeoutMillis,
        ...(statementTimeoutMs
          ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 1000 }
          : {}),
        keepAlive: true,
      });
    const pool = poolOf(10, options.statementTimeoutMs);
    // a client losing its connection (server restart, failover) must never crash the
    // process: idle clients report to the pool, checked-out ones to their own listener;
    // the query in flight fails (503) and the pool opens a fresh connection next time
    pool.on('error', (error) => faults?.report('database', error, 'idle database connection lost'));
    pool.on('connect', (client) => {
      client.on('error', (error) => faults?.report('database', error, 'database connection lost'));
      faults?.recovered('database');
    });
    const db = new Kysely<Database>({
      dialect: instrument(guardedDialect(new PostgresDialect({ pool })), 'postgresql'),
    });
    // a pool of its own for start-up work; its idle connections close by themselves. A
    // connection the server ends (a restart, an administrator) is reported, never thrown:
    // unhandled, a pool's 'error' is an uncaught exception that ends the process
    const startupPool = options.statementTimeoutMs ? poolOf(2, STARTUP_STATEMENT_TIMEOUT_MS) : null;
    startupPool?.on('error', (error) => faults?.report('database', error, 'idle start-up connection lost'));
    startupPool?.on('connect', (client) => {
      client.on('error', (error) => faults?.report('database', error, 'start-up connection lost'));
    });
    const startup = startupPool
      ? new Kysely<Database>({ dialect: guardedDialect(new PostgresDialect({ pool: startupPool })) })
      : db;
    opened = {
      db,
      dialect: 'postgres',
      sqlite: null,
      pgPool: pool,
      startup,
      close: async () => {
        if (startup !== db) await startup.destroy();
        await db.destroy();
      },
    };
  } else {
    const file = join(options.dataDir, 'svc.sqlite');
    const sqlite = openSqliteFile(options.dataDir, file);
    const db = new Kysely<Database>({
      dialect: instrument(guardedDialect(new SqliteDialect({ database: sqlite })), 'sqlite'),
    });
    opened = { db, dialect: 'sqlite', sqlite, pgPool: null, startup: db, close: () => db.destroy() };
  }
  try {
    await migrate(opened.startup);
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
  return opened;
}

/** A start-up failure the operator fixes in the environment: names the variable and the path. */
export class StorageStartError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageStartError';
  }
}

/**
 * DATA_DIR is created 0700 and the SQLite file (with its WAL and shared-memory files)
 * 0600: keys' hashes and reports are nobody else's business on a shared host.
 */
function openSqliteFile(dataDir: string, file: string): SQLite.Database {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    for (const suffix of ['-wal', '-shm']) {
      try {
        chmodSync(`${file}${suffix}`, 0o600);
      } catch {
        // not created yet in this journal mode
      }
    }
    return sqlite;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageStartError(
      `DATA_DIR=${dataDir}: cannot open the database ${file} for writing (${reason}); point DATA_DIR at a writable directory`,
      { cause: error },
    );
  }
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
