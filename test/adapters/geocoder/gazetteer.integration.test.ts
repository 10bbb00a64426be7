import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createGazetteer, ensureGazetteerSeeded } from '../../../src/adapters/geocoder/gazetteer.ts';
import { readStarterFile } from '../../../src/adapters/geocoder/starter-file.ts';
import { type OpenedDatabase, openDatabase } from '../../../src/adapters/store/database.ts';
import type { Geocoder } from '../../../src/services/geocoder-port.ts';
import { createTempPostgres } from '../../helpers/postgres.ts';

/** The embedded gazetteer, the same expectations on SQLite and on PostgreSQL. */
function gazetteerSuite(
  dialect: string,
  open: () => Promise<{ opened: OpenedDatabase; cleanup(): Promise<void> }>,
) {
  describe(`embedded gazetteer on ${dialect}`, () => {
    let opened: OpenedDatabase;
    let cleanup: () => Promise<void>;
    let gazetteer: Geocoder;
    const top = async (q: string) => (await gazetteer.search(q, 5))[0]?.address;

    before(async () => {
      ({ opened, cleanup } = await open());
      await ensureGazetteerSeeded(opened);
      gazetteer = createGazetteer(opened);
    });
    after(() => cleanup());

    test('French, Dutch and English names of the Grand-Place, each answered in its language', async () => {
      assert.equal(await top('Grand-Place'), 'Grand-Place, 1000 Bruxelles');
      assert.equal(await top('Grote Markt'), 'Grote Markt, 1000 Brussel');
      assert.equal(await top('Grand Place Brussels'), 'Grand Place, 1000 Brussels');
      assert.equal(await top('Zuidstation'), 'Station Brussel-Zuid, 1060 Sint-Gillis');
      assert.equal(await top('gare du Midi'), 'Gare de Bruxelles-Midi, 1060 Saint-Gilles');
      assert.equal(await top('Antwerp Central Station'), 'Antwerp Central Station, 2018 Antwerp');
    });

    test('accents, case and word order do not matter', async () => {
      assert.equal(await top('PLACE EUGENE FLAGEY'), 'Place Eugène Flagey, 1050 Ixelles');
      assert.equal(await top('flagey place'), 'Place Eugène Flagey, 1050 Ixelles');
      assert.equal(await top('Louise avenue'), 'Avenue Louise, 1050 Bruxelles');
      assert.equal(await top('liege guillemins'), 'Gare de Liège-Guillemins, 4000 Liège');
    });

    test('common abbreviations', async () => {
      assert.equal(await top('av. Louise'), 'Avenue Louise, 1050 Bruxelles');
      assert.equal(await top('bd Anspach'), 'Boulevard Anspach, 1000 Bruxelles');
      assert.match((await top('chée de Wavre')) ?? '', /^Chaussée de Wavre, 10[0-9]0 /);
      assert.equal(await top('Wetstr.'), 'Wetstraat, 1000 Brussel');
      assert.equal(await top('Waversestwg. Elsene'), 'Waversesteenweg, 1050 Elsene');
    });

    test('small typos', async () => {
      assert.equal(await top('Grand Plce'), 'Grand-Place, 1000 Bruxelles');
      assert.equal(await top('Atomim'), 'Atomium, 1020 Bruxelles');
      assert.equal(await top('Manneken Pis Brusels'), 'Manneken Pis, 1000 Bruxelles');
      assert.equal(await top('Koekelberg Basiliek'), 'Basiliek van Koekelberg, 1081 Koekelberg');
    });

    test('street with a house number unknown to the starter set: the street, a little less sure', async () => {
      const [first] = await gazetteer.search('Rue de la Loi 16, 1000 Bruxelles', 5);
      assert.equal(first?.address, 'Rue de la Loi, 1000 Bruxelles');
      assert.ok(first && first.relevance > 0.6 && first.relevance < 1);
    });

    test('places outside Belgium are found as what they are', async () => {
      assert.equal(await top('Lille'), '59000 Lille, France');
      assert.equal(await top('Maastricht'), '6211 Maastricht, Nederland');
      assert.equal(await top('Aken'), '52062 Aken, Duitsland');
    });

    test('results are best first, relevance within 0..1, at most the limit', async () => {
      const results = await gazetteer.search('Grote Markt', 3);
      assert.equal(results.length, 3);
      for (const [i, result] of results.entries()) {
        assert.ok(result.relevance > 0 && result.relevance <= 1);
        if (i > 0) assert.ok(result.relevance <= results[i - 1]!.relevance);
      }
      assert.equal((await gazetteer.search('Grote Markt', 1)).length, 1);
    });

    test('nothing to find: empty, articles only, unknown words', async () => {
      assert.deepEqual(await gazetteer.search('', 5), []);
      assert.deepEqual(await gazetteer.search('  ,; ', 5), []);
      assert.deepEqual(await gazetteer.search('de la', 5), []);
      assert.deepEqual(await gazetteer.search('xyzzy qwertz', 5), []);
    });

    test('reverse: the nearest known place within reach, else nothing', async () => {
      assert.equal(await gazetteer.reverse(50.8468, 4.3526), 'Grand-Place, 1000 Bruxelles');
      assert.equal(await gazetteer.reverse(50.89495, 4.3422), 'Atomium, 1020 Bruxelles');
      // a field between villages in Hainaut: nothing known within 250 m
      assert.equal(await gazetteer.reverse(50.52, 3.85), null);
    });

    test('seeding again is a no-op; a new version of the file replaces the starter rows', async () => {
      const count = async () =>
        Number(
          (
            await opened.db
              .selectFrom('gazetteer')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await ensureGazetteerSeeded(opened);
      assert.equal(await count(), before);
      const header = 'kind,lat,lon,postcode,importance,country,names,municipality,aliases';
      const tiny = `${header}\nplace,50.8467,4.3525,1000,1,BE,fr:Grand-Place|nl:Grote Markt,fr:Bruxelles|nl:Brussel,\n`;
      await ensureGazetteerSeeded(opened, { text: tiny, version: 'test-tiny' });
      assert.equal(await count(), 2);
      assert.equal(await top('Atomium'), undefined);
      assert.equal(await top('Grote Markt'), 'Grote Markt, 1000 Brussel');
      await ensureGazetteerSeeded(opened, readStarterFile());
      assert.equal(await count(), before);
    });
  });
}

gazetteerSuite('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-geocode-'));
  const opened = await openDatabase({ dataDir });
  return {
    opened,
    async cleanup() {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

gazetteerSuite('PostgreSQL', async () => {
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

describe('seeding on a shared PostgreSQL database', () => {
  test('two instances starting together load the starter set once', async () => {
    const database = await createTempPostgres();
    const first = await openDatabase({ dataDir: tmpdir(), databaseUrl: database.url });
    const second = await openDatabase({ dataDir: tmpdir(), databaseUrl: database.url });
    try {
      await Promise.all([ensureGazetteerSeeded(first), ensureGazetteerSeeded(second)]);
      const { n } = await first.db
        .selectFrom('gazetteer')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const { text } = readStarterFile();
      const variants = text.split('\n').filter((line) => /^(place|street|locality),/.test(line));
      const expected = variants.reduce((sum, line) => sum + (line.split(',')[6]?.split('|').length ?? 0), 0);
      assert.equal(Number(n), expected);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});
