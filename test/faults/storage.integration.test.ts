import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { SERVER_ENTRY } from '../helpers/built-service.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #11, the embedded store: a full disk answers 503 (not 500), readiness says so,
 * the service recovers when space comes back; files are private; a DATA_DIR that cannot
 * be written stops the start with one line naming the variable and the path.
 */

const ROOT = new URL('../../', import.meta.url).pathname;

describe('faults: the embedded SQLite store', () => {
  let service: TestService;
  let secret: string;
  before(async () => {
    service = await startTestService({ MODEL_WORKERS: '1' });
    secret = await service.createKey(['--reports-per-day', '100']);
  });
  after(async () => {
    await service?.close();
  });

  test('DATA_DIR is created 0700 and the database file 0600', () => {
    assert.equal(statSync(service.config.dataDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(service.config.dataDir, 'svc.sqlite')).mode & 0o777, 0o600);
  });

  test('a full disk (SQLITE_FULL) answers 503 upstream_unavailable with Retry-After, then recovers', async () => {
    const { app, database } = service.composition;
    const sqlite = database.sqlite;
    assert.ok(sqlite);
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/v1/reports',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: { lat: 50.8467, lon: 4.3525 },
      });
    // the file may not grow: the next page the quota counter or the job needs is refused
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    const before = Number(sqlite.pragma('max_page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    let answer: Awaited<ReturnType<typeof post>> | null = null;
    try {
      // each attempt fills a little more until a page is needed: at most a few
      for (let attempt = 0; attempt < 50; attempt += 1) {
        answer = await post();
        if (answer.statusCode !== 202) break;
      }
      assert.ok(answer);
      assert.equal(answer.statusCode, 503, answer.body);
      assert.equal(answer.json().code, 'upstream_unavailable');
      assert.ok(Number(answer.headers['retry-after']) > 0);
      assert.equal((await app.inject({ url: '/v1/health' })).statusCode, 200, 'liveness unchanged');
    } finally {
      sqlite.pragma(`max_page_count = ${before}`);
    }
    assert.equal((await post()).statusCode, 202, 'space back: accepted again, no restart');
  });

  test('a corrupt gazetteer full-text index (raw SQLite handle) answers 503, then recovers', async () => {
    const { app } = service.composition;
    const search = (q: string) => app.inject({ url: `/v1/geocode?q=${q}`, headers: { 'x-api-key': secret } });
    // another process (here: another connection) damages the FTS5 index the search reads
    // through the raw handle, not through the guarded Kysely dialect
    const other = new Database(join(service.config.dataDir, 'svc.sqlite'));
    other.unsafeMode(true); // lifts SQLite's defensive guard on shadow tables
    const saved = other.prepare('SELECT id, block FROM gazetteer_fts_data').all() as {
      id: number;
      block: Buffer;
    }[];
    assert.ok(saved.length > 0);
    other.prepare("UPDATE gazetteer_fts_data SET block = X'FFFFFFFFFFFFFFFFFFFFFFFF'").run();
    try {
      const answer = await search('Namur');
      assert.equal(answer.statusCode, 503, answer.body);
      assert.equal(answer.json().code, 'upstream_unavailable');
      assert.ok(Number(answer.headers['retry-after']) > 0);
    } finally {
      const restore = other.prepare('UPDATE gazetteer_fts_data SET block = ? WHERE id = ?');
      other.transaction(() => {
        for (const row of saved) restore.run(row.block, row.id);
      })();
      other.close();
    }
    const healed = await search('Namur');
    assert.equal(healed.statusCode, 200, healed.body);
    assert.ok(healed.json().results.length > 0);
  });

  test('readiness answers 200 with every dependency ok', async () => {
    const ready = await service.composition.app.inject({ url: '/v1/health/ready' });
    assert.equal(ready.statusCode, 200, ready.body);
    const body = ready.json();
    assert.equal(body.status, 'ready');
    assert.deepEqual(Object.keys(body.checks).sort(), ['database', 'disk', 'model_workers']);
    assert.equal(ready.headers['cache-control'], 'no-store');
  });

  test('a DATA_DIR that cannot be written stops the start with one line naming DATA_DIR and the path', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'svc-faults-ro-'));
    const blocker = join(parent, 'not-a-directory');
    writeFileSync(blocker, '');
    const dataDir = join(blocker, 'data');
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [SERVER_ENTRY],
          {
            cwd: ROOT,
            env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
          },
          (error, _stdout, stderr) => resolve({ code: error ? ((error.code as number) ?? 1) : 0, stderr }),
        );
      });
      assert.notEqual(result.code, 0);
      const lines = result.stderr.trim().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0] ?? '', /DATA_DIR=/);
      assert.ok(lines[0]?.includes(dataDir), lines[0]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
