import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type CityPackageStore, createCityPackageStore } from '../../src/adapters/cities/package-store.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { InvalidPackageError, runCitiesCommand } from '../../src/cli/commands/cities.ts';
import { BAD_PACKAGES } from '../helpers/bad-packages.ts';

/**
 * Every bad package of test/helpers/bad-packages.ts through the import itself (the CLI's
 * `cities` command in this process, on a real SQLite store): each is an
 * InvalidPackageError, which the CLI prints as its message alone and exits 1 with
 * (cities-import-refusals.integration.test.ts runs a representative set as processes);
 * the message is one line naming the file, the rule and the fix; nothing else is printed
 * and nothing is stored.
 */
let dataDir: string;
let work: string;
let database: OpenedDatabase;
let store: CityPackageStore;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-refusals-data-'));
  work = mkdtempSync(join(tmpdir(), 'svc-refusals-'));
  database = await openDatabase({ dataDir });
  store = createCityPackageStore(database.db);
});
after(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('cities import refuses every bad file with one rule line', () => {
  for (const c of BAD_PACKAGES) {
    // a FIFO used to block forever: the bound is the behaviour there, kept generous
    test(c.name, { timeout: 120_000 }, async () => {
      const printed: string[] = [];
      const [command, ...argv] = c.args(work);
      assert.equal(command, 'cities');
      const refused = await runCitiesCommand(argv, {
        store,
        modelDir: join(dataDir, 'model'),
        clock: Date.now,
        out: (line) => printed.push(line),
        err: (line) => printed.push(line),
      }).then(
        () => null,
        (error: unknown) => error,
      );
      assert.ok(refused instanceof InvalidPackageError, `refused as a package error: ${String(refused)}`);
      assert.deepEqual(printed, [], 'nothing printed but the refusal');
      const lines = refused.message.split('\n');
      assert.equal(lines.length, 1, `one line:\n${refused.message.slice(0, 2000)}`);
      const line = lines[0]!;
      assert.match(line, c.file);
      assert.ok(line.includes(` [${c.rule}] `), line);
      assert.match(line, c.fix);
      assert.match(line, /; nothing was imported$/);
      if (c.secret) assert.ok(!line.includes(c.secret), line);
      assert.deepEqual(await store.list(), [], 'nothing stored');
    });
  }
});
