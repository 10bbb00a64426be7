import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { ensureCityAddressesLoaded, SEED_LOCK } from '../../../src/adapters/geocoder/gazetteer.ts';
import { type OpenedDatabase, openDatabase } from '../../../src/adapters/store/database.ts';
import { createTempPostgres } from '../../helpers/postgres.ts';

/**
 * Instances starting together on one PostgreSQL database wait for each other at start-up
 * (the migration lock, the gazetteer's seeding lock). That wait is not a request's: a
 * second instance on a loaded CI machine failed to start with "canceling statement due to
 * statement timeout" while the first one seeded. Here the request bound is 400 ms and the
 * other "instance" holds each lock for 2 s.
 */
const REQUEST_BOUND_MS = 400;
const HELD_MS = 2_000;
/** Kysely's migration lock (kysely/dist/esm/dialect/postgres/postgres-adapter.js) */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

let postgres: Awaited<ReturnType<typeof createTempPostgres>>;
const opened: OpenedDatabase[] = [];

before(async () => {
  postgres = await createTempPostgres();
});
after(async () => {
  for (const database of opened) await database.close();
  await postgres.drop();
});

/** another session holds the advisory lock for HELD_MS, then lets go */
async function holdLock(lock: string | number): Promise<{ released: Promise<void> }> {
  const other = new pg.Client({ connectionString: postgres.url });
  await other.connect();
  await other.query(`SELECT pg_advisory_lock(${lock})`);
  const released = new Promise<void>((resolve) => setTimeout(resolve, HELD_MS)).then(async () => {
    await other.query(`SELECT pg_advisory_unlock(${lock})`);
    await other.end();
  });
  return { released };
}

const open = async () => {
  const database = await openDatabase({
    dataDir: '/nonexistent',
    databaseUrl: postgres.url,
    statementTimeoutMs: REQUEST_BOUND_MS,
  });
  opened.push(database);
  return database;
};

test('a start waits past the request bound for another instance migrating', async () => {
  const { released } = await holdLock(KYSELY_MIGRATION_LOCK);
  const started = Date.now();
  const database = await open();
  await released;
  assert.ok(Date.now() - started >= HELD_MS - 100, 'the start waited for the lock');
  const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(
    database.db,
  );
  assert.ok(tables.rows[0]!.n > 0, 'the migrations ran once the lock was free');
});

test('a start waits past the request bound for another instance seeding the gazetteer', async () => {
  const database = await open();
  const { released } = await holdLock(SEED_LOCK);
  const started = Date.now();
  await ensureCityAddressesLoaded(database, []);
  await released;
  assert.ok(Date.now() - started >= HELD_MS - 100, 'the seeding waited for the lock');
});

test('requests keep their bound: a statement past it is a database outage (503), not a wait', async () => {
  const database = await open();
  await assert.rejects(sql`SELECT pg_sleep(3)`.execute(database.db), (error: Error) => {
    assert.equal(error.name, 'DependencyUnavailableError');
    return true;
  });
});
