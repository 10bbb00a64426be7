import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createGazetteer, ensureGazetteerSeeded } from '../../../src/adapters/geocoder/gazetteer.ts';
import { openDatabase } from '../../../src/adapters/store/database.ts';
import { runGazetteerImport } from '../../../src/cli/commands/gazetteer-import.ts';
import { UsageError } from '../../../src/cli/commands/keys.ts';
import { createTempPostgres } from '../../helpers/postgres.ts';

const FIXTURE = new URL('../../fixtures/openaddresses-sample.csv', import.meta.url).pathname;

/** `svc gazetteer import FILE`, on the small fixture, against either database. */
function importSuite(
  dialect: string,
  target: () => Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }>,
) {
  describe(`gazetteer import on ${dialect}`, () => {
    let ctx: { dataDir: string; databaseUrl?: string; drop(): Promise<void> };
    let work: string;
    const run = async (file: string) => {
      const lines: string[] = [];
      await runGazetteerImport(['import', file], { ...ctx, out: (line) => lines.push(line) });
      assert.equal(lines.length, 1);
      return JSON.parse(lines[0]!) as Record<string, number>;
    };
    const withGazetteer = async <T>(
      use: (g: ReturnType<typeof createGazetteer>, count: () => Promise<number>) => Promise<T>,
    ) => {
      const opened = await openDatabase(ctx);
      try {
        const count = async () =>
          Number(
            (
              await opened.db
                .selectFrom('gazetteer')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        return await use(createGazetteer(opened), count);
      } finally {
        await opened.close();
      }
    };

    before(async () => {
      ctx = await target();
      work = mkdtempSync(join(tmpdir(), 'svc-oa-'));
      const opened = await openDatabase(ctx);
      await ensureGazetteerSeeded(opened);
      await opened.close();
    });
    after(async () => {
      rmSync(work, { recursive: true, force: true });
      await ctx.drop();
    });

    test('prints one JSON summary: rows imported, rows skipped, streets and localities derived', async () => {
      const summary = await run(FIXTURE);
      assert.equal(summary.imported, 12);
      assert.equal(summary.skipped, 3, 'a bad longitude, an empty street, a 0,0 position');
      assert.equal(summary.streets, 5);
      assert.equal(summary.localities, 4);
      assert.equal(typeof summary.seconds, 'number');
    });

    test('an imported address is found by street and number, in the file’s language and form', async () => {
      await withGazetteer(async (gazetteer) => {
        const [first] = await gazetteer.search('Rue du Marché aux Herbes 3, 1000 Bruxelles', 5);
        assert.equal(first?.address, 'Rue du Marché aux Herbes 3, 1000 Bruxelles');
        assert.ok(Math.abs(first!.lat - 50.8476) < 1e-9 && Math.abs(first!.lon - 4.3538) < 1e-9);
        assert.equal(
          (await gazetteer.search('Grote Markt 11 Leuven', 1))[0]?.address,
          'Grote Markt 11, 3000 Leuven',
        );
        assert.equal(
          (await gazetteer.search('rue du marche aux herbes 7', 1))[0]?.address,
          'Rue du Marché aux Herbes 7A, 1000 Bruxelles',
        );
        assert.equal(
          (await gazetteer.search('Rue de Fer 14 Namur', 1))[0]?.address,
          'Rue de Fer 14 bte 2, arrière, 5000 Namur',
          'quoted fields keep their commas',
        );
      });
    });

    test('without a number the street itself comes first, at the mean of its addresses', async () => {
      await withGazetteer(async (gazetteer) => {
        const [first] = await gazetteer.search('Quai du Rempart Bouillon', 5);
        assert.equal(first?.address, 'Quai du Rempart, 6830 Bouillon');
        const [fer] = await gazetteer.search('Rue de Fer', 5);
        assert.equal(fer?.address, 'Rue de Fer, 5000 Namur');
        assert.ok(Math.abs(fer!.lat - 50.4662) < 1e-9 && Math.abs(fer!.lon - 4.8639) < 1e-9);
      });
    });

    test('reverse geocoding finds the nearest imported address', async () => {
      await withGazetteer(async (gazetteer) => {
        assert.equal(await gazetteer.reverse(50.84431, 4.37249), 'Rue de la Loi 30, 1000 Bruxelles');
      });
    });

    test('importing the same file again replaces its rows instead of adding them', async () => {
      const before = await withGazetteer((_g, count) => count());
      await run(FIXTURE);
      assert.equal(await withGazetteer((_g, count) => count()), before);
    });

    test('gzip files are read too, as a separate source', async () => {
      const gz = join(work, 'other-region.csv.gz');
      const text = readFileSync(FIXTURE, 'utf8').replaceAll(',Bouillon,', ',Bouillon-Ville,');
      writeFileSync(gz, gzipSync(text));
      const summary = await run(gz);
      assert.equal(summary.imported, 12);
      await withGazetteer(async (gazetteer) => {
        assert.equal(
          (await gazetteer.search('Quai du Rempart 2 Bouillon-Ville', 1))[0]?.address,
          'Quai du Rempart 2, 6830 Bouillon-Ville',
        );
      });
    });

    test('a file without the OpenAddresses header, or no file, is a usage error', async () => {
      const bad = join(work, 'bad.csv');
      writeFileSync(bad, 'x,y,name\n4.3,50.8,foo\n');
      await assert.rejects(run(bad), UsageError);
      await assert.rejects(run(join(work, 'missing.csv')), UsageError);
      await assert.rejects(runGazetteerImport(['import'], ctx), UsageError);
      const copy = join(work, 'header-only.csv');
      copyFileSync(FIXTURE, copy);
      writeFileSync(copy, readFileSync(FIXTURE, 'utf8').split('\n')[0]!);
      assert.equal((await run(copy)).imported, 0);
    });
  });
}

importSuite('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-oa-data-'));
  return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
});

importSuite('PostgreSQL', async () => {
  const database = await createTempPostgres();
  return { dataDir: tmpdir(), databaseUrl: database.url, drop: () => database.drop() };
});
