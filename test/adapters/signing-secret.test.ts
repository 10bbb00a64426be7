import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadSigningSecrets, SECRET_FILE } from '../../src/adapters/signing-secret.ts';

test('a secret is generated on first start into DATA_DIR with mode 0600 and kept across restarts', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-secret-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'var');
  const first = await loadSigningSecrets({ dataDir, configured: [] });
  assert.equal(first.length, 1);
  assert.ok(first[0]!.length >= 32);
  const info = await stat(join(dataDir, SECRET_FILE));
  assert.equal(info.mode & 0o777, 0o600);
  const again = await loadSigningSecrets({ dataDir, configured: [] });
  assert.deepEqual(again, first);
});

test('configured secrets win over the file, in order', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-secret-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const configured = ['n'.repeat(32), 'o'.repeat(32)];
  const secrets = await loadSigningSecrets({ dataDir: dir, configured });
  assert.deepEqual(
    secrets.map((s) => s.toString()),
    configured,
  );
});

test('a file with several lines rotates: the first signs, all are returned', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-secret-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    join(dir, SECRET_FILE),
    '# rotated\nnew-secret-xxxxxxxxxxxxxxxxxxxxxxxxxx\nold-secret-yyyyyyyyyyyyyyyyyyyyyyyyyy\n',
  );
  const secrets = await loadSigningSecrets({ dataDir: dir, configured: [] });
  assert.deepEqual(
    secrets.map((s) => s.toString()),
    ['new-secret-xxxxxxxxxxxxxxxxxxxxxxxxxx', 'old-secret-yyyyyyyyyyyyyyyyyyyyyyyyyy'],
  );
});
