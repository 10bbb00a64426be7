import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_ENTRY, SERVER_ENTRY } from '../helpers/built-service.ts';
import { freePort } from '../helpers/instances.ts';

/**
 * Issue #45: a misspelt setting with one of the service's prefixes refuses the start with
 * the closest known name, rather than starting a service without that feature (the
 * built server and CLI, as operators run them).
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-unknown-settings-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

function run(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    // a server that started despite the slip would listen: the guard ends it
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    });
  });
}

test('the server refuses to start on FEED_IRCEL_ULR, naming FEED_IRCEL_URL', async () => {
  const port = String(await freePort());
  const result = await run(SERVER_ENTRY, [], {
    PORT: port,
    FEED_IRCEL_ULR: 'https://geo.irceline.be/sos/api/v1',
  });
  assert.notEqual(result.code, 0, result.stdout);
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /FEED_IRCEL_ULR: did you mean FEED_IRCEL_URL\?/);
});

test('the CLI refuses too, and names every unknown setting', async () => {
  const result = await run(CLI_ENTRY, ['keys', 'list'], {
    REDIS_PREFX: 'svc-a:',
    METRICS_PROT: '9464',
  });
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /METRICS_PROT: did you mean METRICS_PORT\?/);
  assert.match(result.stderr, /REDIS_PREFX: did you mean REDIS_PREFIX\?/);
  assert.equal(result.stdout, '');
});

test('the contract’s settings that no code reads yet start the CLI as before', async () => {
  const result = await run(CLI_ENTRY, ['keys', 'list'], {
    FEED_RETENTION_DAYS: '400',
    CHROMIUM_PATH: '/usr/bin/chromium',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
  });
  assert.equal(result.code, 0, result.stderr);
});
