import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

async function svc(...args: string[]) {
  return run('npm', ['run', '--silent', 'svc', '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    cwd: new URL('../..', import.meta.url).pathname,
  });
}

test('keys create prints one JSON object with the secret once; list shows no secret; revoke deactivates', async () => {
  const created = await svc(
    'keys',
    'create',
    '--label',
    'Acme maps',
    '--type',
    'pk',
    '--cities',
    'brussels',
    '--products',
    'map,geocode',
    '--metrics',
    '',
    '--horizons',
    'realtime',
    '--rate-per-min',
    '30',
    '--reports-per-day',
    '3',
    '--origins',
    'https://acme.example',
    '--expires-at',
    '2030-01-01T00:00:00Z',
  );
  const lines = created.stdout.trim().split('\n');
  assert.equal(lines.length, 1);
  const key = JSON.parse(lines[0]!);
  assert.match(key.key, /^svc_pk_[0-9A-Za-z]{40}$/);
  assert.equal(key.label, 'Acme maps');
  assert.equal(key.type, 'pk');
  assert.deepEqual(key.cities, ['brussels']);
  assert.deepEqual(key.products, ['map', 'geocode']);
  assert.deepEqual(key.metrics, []);
  assert.deepEqual(key.horizons, ['realtime']);
  assert.deepEqual(key.limits, { rate_per_min: 30, reports_per_day: 3 });
  assert.deepEqual(key.origins, ['https://acme.example']);
  assert.equal(key.expires_at, '2030-01-01T00:00:00.000Z');
  assert.match(key.created, /^\d{4}-\d{2}-\d{2}$/);

  // the secret is stored nowhere in clear
  for (const file of readdirSync(dataDir)) {
    const content = readFileSync(join(dataDir, file));
    assert.equal(content.includes(Buffer.from(key.key)), false, `secret found in ${file}`);
  }

  const listed = JSON.parse((await svc('keys', 'list')).stdout);
  assert.equal(listed.length, 1);
  assert.equal(JSON.stringify(listed).includes(key.key), false);
  assert.equal(listed[0].revoked, false);

  await svc('keys', 'revoke', key.key);
  const after = JSON.parse((await svc('keys', 'list')).stdout);
  assert.equal(after[0].revoked, true);
});

test('defaults: every scope is *; a secret key gets the svc_sk_ prefix', async () => {
  const key = JSON.parse((await svc('keys', 'create', '--label', 'server', '--type', 'sk')).stdout);
  assert.match(key.key, /^svc_sk_/);
  for (const scope of ['cities', 'products', 'metrics', 'horizons']) assert.deepEqual(key[scope], ['*']);
  assert.equal(key.expires_at, null);
});

test('bad arguments exit non-zero with a message and create nothing', async () => {
  const before = JSON.parse((await svc('keys', 'list')).stdout).length;
  for (const args of [
    ['keys', 'create', '--label', 'x', '--type', 'xx'],
    ['keys', 'create', '--type', 'sk'],
    ['keys', 'create', '--label', 'x', '--type', 'sk', '--products', 'weather'],
    ['keys', 'create', '--label', 'x', '--type', 'sk', '--rate-per-min', '-3'],
    ['keys', 'create', '--label', 'x', '--type', 'sk', '--expires-at', 'tomorrow'],
    ['keys', 'revoke', 'svc_sk_doesnotexist'],
  ]) {
    await assert.rejects(svc(...args), (error: { code?: number; stderr?: string }) => {
      assert.equal(error.code, 2, args.join(' '));
      assert.ok((error.stderr ?? '').length > 0);
      return true;
    });
  }
  assert.equal(JSON.parse((await svc('keys', 'list')).stdout).length, before);
});

test('keys create --expires-at in the past is refused in one line naming the date, exit 2, nothing created', async () => {
  const before = JSON.parse((await svc('keys', 'list')).stdout).length;
  const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
  for (const past of ['2020-01-01', '2020-01-01T00:00:00Z', aMinuteAgo]) {
    await assert.rejects(
      svc('keys', 'create', '--label', 'late', '--type', 'sk', '--expires-at', past),
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        assert.equal(error.code, 2, past);
        const stderr = (error.stderr ?? '').trim();
        assert.equal(stderr.split('\n').length, 1, stderr);
        assert.match(stderr, /^--expires-at \S+ is not in the future \(now \S+\): give a later date/);
        assert.ok(stderr.includes(new Date(past).toISOString()), stderr);
        assert.equal(error.stdout ?? '', '', 'no key is printed');
        return true;
      },
    );
  }
  assert.equal(JSON.parse((await svc('keys', 'list')).stdout).length, before);
  // a date in the future is still taken as it is
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const key = JSON.parse(
    (await svc('keys', 'create', '--label', 'soon', '--type', 'sk', '--expires-at', tomorrow)).stdout,
  );
  assert.equal(key.expires_at, tomorrow);
});

test('gazetteer import loads an OpenAddresses CSV and refuses a missing file', async () => {
  const fixture = new URL('../fixtures/openaddresses-sample.csv', import.meta.url).pathname;
  const { stdout } = await svc('gazetteer', 'import', fixture);
  const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
  assert.ok(summary.imported > 0, stdout);
  await assert.rejects(
    svc('gazetteer', 'import', '/nonexistent.csv'),
    (error: { code?: number }) => error.code === 2,
  );
});
