import { sql } from 'kysely';
import { parseStarterData } from '../../domain/geocode/starter-data.ts';
import { type Geocoder, REVERSE_RADIUS_M } from '../../services/geocoder-port.ts';
import type { OpenedDatabase } from '../store/database.ts';
import { type CityAddresses, loadCityAddresses, packagedCityAddresses } from './gazetteer-cities.ts';
import type { GazetteerFullText } from './gazetteer-full-text.ts';
import { labelInLanguage } from './gazetteer-languages.ts';
import { readGazetteerMeta, writeGazetteerMeta } from './gazetteer-meta.ts';
import { createPostgresFullText } from './gazetteer-postgres.ts';
import { nearestLabel } from './gazetteer-reverse.ts';
import { searchGazetteer } from './gazetteer-search.ts';
import { createSqliteFullText } from './gazetteer-sqlite.ts';
import { understandQuery } from './gazetteer-understand.ts';
import { rebuildVocabulary } from './gazetteer-vocabulary.ts';
import { readStarterFile } from './starter-file.ts';

/**
 * The embedded geocoder: the gazetteer in the service's own database (SQLite or
 * PostgreSQL), seeded from the bundled starter set and extended by `svc gazetteer import`.
 */
const STARTER_VERSION = 'starter_version';
const SEED_BATCH = 500;
/** an arbitrary advisory-lock number for the gazetteer seeding */
export const SEED_LOCK = 5_402_001;

export function gazetteerFullText(opened: OpenedDatabase): GazetteerFullText {
  if (opened.dialect === 'sqlite') {
    if (!opened.sqlite) throw new Error('SQLite database without its raw handle');
    return createSqliteFullText(opened.sqlite);
  }
  return createPostgresFullText(opened.db);
}

export function createGazetteer(opened: OpenedDatabase): Geocoder {
  const fullText = gazetteerFullText(opened);
  return {
    async search(q, limit, lang) {
      const found = await searchGazetteer(opened.db, fullText, q, limit);
      if (!lang) return found;
      return Promise.all(
        found.map(async (candidate) => ({
          ...candidate,
          address:
            (await labelInLanguage(opened.db, { ...candidate, label: candidate.address }, lang)) ??
            candidate.address,
        })),
      );
    },
    reverse: (lat, lon, lang) => nearestLabel(opened.db, lat, lon, REVERSE_RADIUS_M, lang),
    understand: (q) => understandQuery(opened.db, fullText, q),
  };
}

/**
 * Loads the bundled starter set when the gazetteer has never seen this version of it
 * (first start, or the data file changed); imported addresses are left alone.
 */
export async function ensureGazetteerSeeded(
  opened: OpenedDatabase,
  starter = readStarterFile(),
): Promise<void> {
  const seeding = startupWork(opened);
  const current = () => readGazetteerMeta(seeding.db, STARTER_VERSION);
  if ((await current()) === starter.version) return;
  await oneInstanceAtATime(seeding, async () => {
    if ((await current()) === starter.version) return; // another instance just did it
    const entries = parseStarterData(starter.text);
    const fullText = gazetteerFullText(seeding);
    await fullText.deleteSource('starter');
    for (let i = 0; i < entries.length; i += SEED_BATCH) {
      await fullText.insert(entries.slice(i, i + SEED_BATCH));
    }
    await rebuildVocabulary(seeding.db);
    await writeGazetteerMeta(seeding.db, STARTER_VERSION, starter.version);
  });
}

/**
 * Loads the streets and addresses of the city packages (shipped and imported, or the
 * ones given) that the gazetteer has not seen in this version, and drops those of
 * cities no longer packaged.
 */
export async function ensureCityAddressesLoaded(
  opened: OpenedDatabase,
  cities?: readonly CityAddresses[],
): Promise<void> {
  const seeding = startupWork(opened);
  const wanted = cities ?? (await packagedCityAddresses(seeding));
  await oneInstanceAtATime(seeding, async () => {
    await loadCityAddresses(seeding, gazetteerFullText(seeding), wanted);
  });
}

/** the database as start-up work sees it: waiting for another instance is not a request's wait */
function startupWork(opened: OpenedDatabase): OpenedDatabase {
  return { ...opened, db: opened.startup };
}

/** Instances starting together on one PostgreSQL database seed one after the other, not twice over. */
async function oneInstanceAtATime(opened: OpenedDatabase, work: () => Promise<void>): Promise<void> {
  if (opened.dialect !== 'postgres') return work();
  await opened.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(connection);
    try {
      await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}
