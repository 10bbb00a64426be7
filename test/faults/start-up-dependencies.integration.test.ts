import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort, startInstance } from '../helpers/instances.ts';
import { SHARED_MODEL_DIR } from '../helpers/service.ts';

/**
 * Issue #41, kept and written down (ops/README.md, "Dependencies at start-up, while
 * running and at shutdown"): with DATABASE_URL unreachable the service refuses to start,
 * because its migrations need the database: exit 1 and one line naming the variable and
 * the cause, never the password.
 */
test('DATABASE_URL unreachable at start-up: exit 1 with one line naming DATABASE_URL, no password', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-up-'));
  const password = randomBytes(8).toString('hex');
  const instance = startInstance('no-database', {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    MODEL_DIR: SHARED_MODEL_DIR,
    LOG_LEVEL: 'warn',
    DATABASE_URL: `postgres://svc:${password}@127.0.0.1:${await freePort()}/svc`,
  });
  try {
    const code = await new Promise<number | null>((resolve) => {
      if (instance.child.exitCode !== null) resolve(instance.child.exitCode);
      else instance.child.once('exit', (exitCode) => resolve(exitCode));
    });
    const output = instance.output();
    assert.equal(code, 1, output);
    const failures = output.split('\n').filter((line) => line.startsWith('svc-api failed to start:'));
    assert.equal(failures.length, 1, output);
    assert.match(failures[0] ?? '', /DATABASE_URL: the database is unavailable at start-up \(.*ECONNREFUSED/);
    assert.ok(!output.includes(password), 'the password is never written');
  } finally {
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
