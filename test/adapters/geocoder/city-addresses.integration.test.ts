import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  createGazetteer,
  ensureCityAddressesLoaded,
  ensureGazetteerSeeded,
} from '../../../src/adapters/geocoder/gazetteer.ts';
import { distanceMetres } from '../../../src/adapters/geocoder/gazetteer-reverse.ts';
import { importOpenAddresses } from '../../../src/adapters/geocoder/openaddresses-import.ts';
import { type OpenedDatabase, openDatabase } from '../../../src/adapters/store/database.ts';
import type { GeocodeCandidate, Geocoder } from '../../../src/services/geocoder-port.ts';
import { createTempPostgres } from '../../helpers/postgres.ts';

/**
 * The Brussels package's own streets and addresses (data/cities/brussels/addresses.geojson,
 * built from the 2013 OpenStreetMap extract) in the embedded gazetteer, on SQLite and on
 * PostgreSQL: doors found within 25 m, a missing number interpolated between its
 * neighbours within 50 m, Avenue Louise (no numbers in the extract) answered as the
 * street, reverse lookups, and an OpenAddresses import layered on top.
 */
const PACKAGE_ADDRESSES = new URL('../../../data/cities/brussels/addresses.geojson', import.meta.url)
  .pathname;
const text = readFileSync(PACKAGE_ADDRESSES, 'utf8');
interface Feature {
  properties: Record<string, string>;
  geometry: { type: string; coordinates: unknown };
}
const features = (JSON.parse(text) as { features: Feature[] }).features;
const streetFeatures = features.filter((f) => f.properties.kind === 'street');
const doors = features.filter((f) => f.properties.kind === 'address');

const frenchHalf = (name: string) => name.split(' - ')[0]!;
const dutchHalf = (name: string) => name.split(' - ')[1] ?? name;
const municipality = (name: string) => name.replace(/^(Ville de|Stad) /, '');
const point = (f: Feature) => f.geometry.coordinates as [number, number];

/** street names the package knows in one municipality only: a query without one is not ambiguous */
const municipalitiesOf = new Map<string, Set<string>>();
for (const s of streetFeatures) {
  const set = municipalitiesOf.get(s.properties.name!) ?? new Set<string>();
  set.add(s.properties['municipality:fr']!);
  municipalitiesOf.set(s.properties.name!, set);
}
const numberCount = new Map<string, number>();
for (const d of doors) {
  const key = `${d.properties.street}|${d.properties.housenumber}`;
  numberCount.set(key, (numberCount.get(key) ?? 0) + 1);
}
const plainDoors = doors.filter(
  (d) =>
    /^\d+$/.test(d.properties.housenumber!) &&
    d.properties.street!.includes(' - ') &&
    municipalitiesOf.get(d.properties.street!)?.size === 1 &&
    numberCount.get(`${d.properties.street}|${d.properties.housenumber}`) === 1,
);

/** twenty buildings' doors spread over the whole file, each asked in a different form */
function twentyDoors(): Array<{ q: string; at: [number, number] }> {
  const buildings = plainDoors.filter((d) => d.properties.placed !== 'node');
  const step = Math.floor(buildings.length / 20);
  return Array.from({ length: 20 }, (_, i) => {
    const d = buildings[i * step]!;
    const p = d.properties;
    const forms = [
      `${frenchHalf(p.street!)} ${p.housenumber}`,
      `${dutchHalf(p.street!)} ${p.housenumber}`,
      `${frenchHalf(p.street!)} ${p.housenumber}, ${p.postcode} ${municipality(p['municipality:fr']!)}`,
    ];
    return { q: forms[i % 3]!, at: point(d) };
  });
}

/**
 * Doors whose neighbours two numbers down and up on the same side are known too: taken
 * out of the package, each is for interpolation to find again.
 */
function doorsBetweenNeighbours(count: number): Feature[] {
  const known = new Set(plainDoors.map((d) => `${d.properties.street}|${d.properties.housenumber}`));
  const picked: Feature[] = [];
  const streets = new Set<string>();
  for (const d of plainDoors) {
    const n = Number(d.properties.housenumber);
    const street = d.properties.street!;
    if (streets.has(street) || !known.has(`${street}|${n - 2}`) || !known.has(`${street}|${n + 2}`)) continue;
    streets.add(street);
    picked.push(d);
    if (picked.length === count) break;
  }
  return picked;
}

const metresTo = (candidate: GeocodeCandidate | undefined, [lon, lat]: [number, number]) =>
  candidate ? distanceMetres(candidate.lat, candidate.lon, lat, lon) : Number.POSITIVE_INFINITY;

function cityAddressSuite(
  dialect: string,
  open: () => Promise<{ opened: OpenedDatabase; cleanup(): Promise<void> }>,
) {
  describe(`the Brussels package in the gazetteer on ${dialect}`, () => {
    let opened: OpenedDatabase;
    let cleanup: () => Promise<void>;
    let gazetteer: Geocoder;
    const top = async (q: string) => (await gazetteer.search(q, 5))[0];

    before(async () => {
      ({ opened, cleanup } = await open());
      await ensureGazetteerSeeded(opened);
      await ensureCityAddressesLoaded(opened, [{ id: 'brussels', text }]);
      gazetteer = createGazetteer(opened);
    });
    after(() => cleanup());

    test('twenty addresses of the package answer within 25 m of their building, as addresses', async () => {
      const far: string[] = [];
      for (const { q, at } of twentyDoors()) {
        const found = await top(q);
        const metres = metresTo(found, at);
        if (metres > 25 || found?.match !== 'address')
          far.push(`${q}: ${found?.address} ${found?.match}, ${metres.toFixed(0)} m`);
      }
      assert.deepEqual(far, []);
    });

    test('streets are found in both languages, with their municipality', async () => {
      const louise = await top('Rue Vanderkindere');
      assert.equal(louise?.address, 'Rue Vanderkindere, 1180 Uccle');
      assert.equal(louise?.match, 'street');
      assert.equal((await top('Vanderkinderestraat'))?.address, 'Vanderkinderestraat, 1180 Ukkel');
      assert.match((await top("Rue de l'Étuve 46"))?.address ?? '', /^Rue de l'Étuve( 46)?, 1000 Bruxelles$/);
    });

    test('a number the extract does not hold on Avenue Louise answers the street, without the number', async () => {
      for (const q of ['Avenue Louise 1', 'Avenue Louise 500']) {
        const found = await top(q);
        assert.equal(found?.match, 'street', q);
        assert.match(found?.address ?? '', /^Avenue Louise, \d{4} /, q);
        assert.ok((found?.relevance ?? 1) < 0.9, `${q}: a street for a door is not a sure match`);
      }
      const door = await top(twentyDoors()[0]!.q);
      assert.ok((door?.relevance ?? 0) > (await top('Avenue Louise 1'))!.relevance);
    });

    test('an interpolation line of the extract places the numbers between its ends', async () => {
      const line = features.find(
        (f) =>
          f.properties.kind === 'interpolation' &&
          f.properties.interpolation !== 'all' &&
          Math.abs(Number(f.properties.to) - Number(f.properties.from)) >= 6 &&
          f.properties.street!.includes(' - ') &&
          municipalitiesOf.get(f.properties.street!)?.size === 1,
      )!;
      const from = Number(line.properties.from);
      const to = Number(line.properties.to);
      const n = Math.min(from, to) + 2;
      const found = await top(`${frenchHalf(line.properties.street!)} ${n}`);
      assert.equal(found?.match, 'interpolated');
      const ends = line.geometry.coordinates as Array<[number, number]>;
      const length = distanceMetres(ends[0]![1], ends[0]![0], ends.at(-1)![1], ends.at(-1)![0]);
      assert.ok(metresTo(found, ends[0]!) + metresTo(found, ends.at(-1)!) <= length * 1.5 + 10);
    });

    test('reverse: the door within a few tens of metres, else the street', async () => {
      const d = twentyDoors()[3]!;
      const label = await gazetteer.reverse(d.at[1], d.at[0]);
      assert.match(label ?? '', /^[^,]* \d+, \d{4} /, 'the door, with its number');
      // in the report's language: the same door, its Dutch label
      const dutch = await gazetteer.reverse(d.at[1], d.at[0], 'nl');
      assert.notEqual(dutch, label);
      assert.equal(/ (\d+),/.exec(dutch ?? '')?.[1], / (\d+),/.exec(label ?? '')?.[1]);
      // a street's middle far from every door: the street's own name
      const lonely = streetFeatures.find((s) => {
        const [lon, lat] = (s.geometry.coordinates as Array<Array<[number, number]>>)[0]![0]!;
        return (
          s.properties.name!.includes(' - ') &&
          doors.every((door) => metresTo({ lat, lon } as GeocodeCandidate, point(door)) > 300)
        );
      })!;
      const [lon, lat] = (lonely.geometry.coordinates as Array<Array<[number, number]>>)[0]![0]!;
      const street = await gazetteer.reverse(lat, lon);
      assert.ok(street !== null && !/^[^,]*\d[^,]*,/.test(street), `a street, not a door: ${street}`);
    });

    test('a number missing between two known neighbours is interpolated within 50 m of its building', async () => {
      const missing = doorsBetweenNeighbours(5);
      assert.equal(missing.length, 5);
      const without = JSON.stringify({
        type: 'FeatureCollection',
        features: features.filter((f) => !missing.includes(f)),
      });
      await ensureCityAddressesLoaded(opened, [{ id: 'brussels', text: without }]);
      try {
        for (const d of missing) {
          const q = `${frenchHalf(d.properties.street!)} ${d.properties.housenumber}`;
          const found = await top(q);
          assert.equal(found?.match, 'interpolated', q);
          assert.ok(metresTo(found, point(d)) <= 50, `${q}: ${metresTo(found, point(d)).toFixed(0)} m`);
        }
      } finally {
        await ensureCityAddressesLoaded(opened, [{ id: 'brussels', text }]);
      }
    });

    test('an OpenAddresses import layers on top: where it knows the door, it wins', async () => {
      const d = twentyDoors()[0]!;
      const street = d.q.replace(/ \d+$/, '');
      const number = /\d+$/.exec(d.q)![0];
      // the newer source puts the door 80 m north of where the 2013 extract has it
      const moved: [number, number] = [d.at[0], d.at[1] + 80 / 111_195];
      const dir = mkdtempSync(join(tmpdir(), 'svc-oa-layer-'));
      const csv = join(dir, 'layer.csv');
      const postcode = (await top(street))!.address.match(/, (\d{4}) (.+)$/)!;
      writeFileSync(
        csv,
        `LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n${moved[0]},${moved[1]},${number},${street},,${postcode[2]},,,${postcode[1]},,h1\n`,
      );
      try {
        await importOpenAddresses(opened, csv);
        const found = await top(d.q);
        assert.equal(found?.match, 'address');
        assert.ok(
          metresTo(found, moved) < 1,
          `the import's door: ${metresTo(found, moved).toFixed(0)} m from it`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

cityAddressSuite('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-city-addresses-'));
  const opened = await openDatabase({ dataDir });
  return {
    opened,
    async cleanup() {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

cityAddressSuite('PostgreSQL', async () => {
  const database = await createTempPostgres();
  const opened = await openDatabase({ dataDir: tmpdir(), databaseUrl: database.url });
  return {
    opened,
    async cleanup() {
      await opened.close();
      await database.drop();
    },
  };
});
