import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cityAddressEntries } from '../../domain/geocode/city-addresses.ts';
import { embeddedCitiesDir } from '../cities/embedded-packages.ts';
import { createCityPackageStore } from '../cities/package-store.ts';
import type { OpenedDatabase } from '../store/database.ts';
import type { GazetteerFullText } from './gazetteer-full-text.ts';
import { readGazetteerMeta, writeGazetteerMeta } from './gazetteer-meta.ts';
import { rebuildVocabulary } from './gazetteer-vocabulary.ts';

/**
 * The streets and addresses of the city packages in the gazetteer (docs/geocoding.md):
 * each package's addresses.geojson is loaded as the source `city:<id>` when the gazetteer
 * has not seen this digest of it, at start for the shipped and imported packages, and by
 * `cities import` for the city it stores (running instances share the database).
 * An imported city replaces the shipped one of the same id, as it does for the model.
 */
export interface CityAddresses {
  id: string;
  text: string;
}

const INSERT_BATCH = 2000;
const metaName = (id: string) => `city_addresses:${id}`;
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Loads what changed and drops the cities no longer packaged; answers the ids loaded or
 * dropped. The caller serialises instances (advisory lock).
 */
export async function loadCityAddresses(
  opened: OpenedDatabase,
  fullText: GazetteerFullText,
  cities: readonly CityAddresses[],
): Promise<string[]> {
  const loaded: string[] = [];
  const known = await opened.db
    .selectFrom('gazetteer_meta')
    .select('name')
    .where('name', 'like', `${metaName('')}%`)
    .execute();
  const packaged = new Set(cities.map((city) => metaName(city.id)));
  for (const { name } of known) {
    if (packaged.has(name)) continue;
    const id = name.slice(metaName('').length);
    await fullText.deleteSource(`city:${id}`);
    await opened.db.deleteFrom('gazetteer_meta').where('name', '=', name).execute();
    loaded.push(id);
  }
  for (const city of cities) {
    const version = digest(city.text);
    if ((await readGazetteerMeta(opened.db, metaName(city.id))) === version) continue;
    const { entries } = cityAddressEntries(city.id, city.text);
    await fullText.deleteSource(`city:${city.id}`);
    await fullText.bulkLoad(async () => {
      for (let i = 0; i < entries.length; i += INSERT_BATCH)
        await fullText.insert(entries.slice(i, i + INSERT_BATCH));
    });
    await writeGazetteerMeta(opened.db, metaName(city.id), version);
    loaded.push(city.id);
  }
  if (loaded.length > 0) await rebuildVocabulary(opened.db);
  return loaded;
}

/** the shipped packages' addresses, overridden by the imported packages' of the same id */
export async function packagedCityAddresses(
  opened: OpenedDatabase,
  dir = embeddedCitiesDir(),
): Promise<CityAddresses[]> {
  const byId = new Map<string, string>();
  if (existsSync(dir))
    for (const id of readdirSync(dir).sort()) {
      const path = join(dir, id, 'addresses.geojson');
      if (existsSync(path)) byId.set(id, readFileSync(path, 'utf8'));
    }
  const store = createCityPackageStore(opened.db);
  for (const city of await store.list()) {
    const files = await store.files(city.id, city.revision);
    const text = files?.['addresses.geojson'];
    if (text !== undefined) byId.set(city.id, text);
  }
  return [...byId].map(([id, text]) => ({ id, text }));
}
