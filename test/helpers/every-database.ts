import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { createTempPostgres } from './postgres.ts';

/**
 * One suite run on both stores: the embedded SQLite in a temporary DATA_DIR, and a
 * temporary PostgreSQL database; `open` opens (and migrates) the store under test.
 */
export function onEveryDatabase(
  name: string,
  body: (open: () => Promise<OpenedDatabase>) => Promise<void>,
): void {
  describe(name, () => {
    test('SQLite', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-store-'));
      try {
        await body(() => openDatabase({ dataDir }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
    test('PostgreSQL', async () => {
      const pg = await createTempPostgres();
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-store-'));
      try {
        await body(() => openDatabase({ dataDir, databaseUrl: pg.url }));
      } finally {
        await pg.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
