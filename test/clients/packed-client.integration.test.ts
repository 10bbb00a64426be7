import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * The README's "Use it from TypeScript", followed as a customer would: the client package is
 * installed and packed on its own (a copy outside the repository, so nothing resolves through
 * the repository's node_modules), installed from the tarball in an empty `npm init -y`
 * project, and the README's example, pasted as it is, runs under tsx and compiles with a
 * `tsc --init --types node` (NodeNext) configuration, against a real server.
 */
const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

/** The example between the README's client-example markers, exactly as printed. */
function readmeExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /<!-- client-example:start -->\n```ts\n([\s\S]*?)```\n<!-- client-example:end -->/.exec(
    readme,
  );
  assert.ok(block?.[1], 'the README has a client example between its markers');
  return block[1];
}

/** The version the repository itself installed, so that npm finds it in its cache. */
const installedVersion = (name: string): string =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

let service: TestService;
let env: NodeJS.ProcessEnv;
const work = mkdtempSync(join(tmpdir(), 'svc-packed-client-'));
const app = join(work, 'my-app');

const npm = (cwd: string, args: string[]) => run('npm', args, { cwd, env: process.env, timeout: 240_000 });

before(async () => {
  service = await startTestService();
  const origin = await service.composition.app.listen({ port: 0, host: '127.0.0.1' });
  const key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '5']);
  env = { ...process.env, SVC_API_URL: `${origin}/v1`, SVC_API_KEY: key };
});
after(async () => {
  await service.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the client package, installed from its tarball in an empty project', () => {
  let tarball: string;

  test('the client installs on its own and packs built JavaScript with its types', async () => {
    const client = join(work, 'client');
    cpSync(join(root, 'clients/typescript'), client, {
      recursive: true,
      filter: (path) => !/[/\\](node_modules|dist)$/.test(path),
    });
    await npm(client, ['install', ...NPM_FLAGS]);
    await npm(client, ['pack', '--loglevel=error']);
    const packed = readdirSync(client).find((name) => name.endsWith('.tgz'));
    assert.ok(packed, 'npm pack wrote a tarball');
    tarball = join(client, packed);
    const { stdout } = await run('tar', ['-tzf', tarball]);
    for (const file of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/package.json']) {
      assert.ok(stdout.split('\n').includes(file), `${file} is in the tarball`);
    }
  });

  test('the README example runs as pasted under tsx', async () => {
    assert.ok(tarball, 'packed by the previous test');
    rmSync(app, { recursive: true, force: true });
    mkdirSync(app, { recursive: true });
    await npm(app, ['init', '-y']);
    await npm(app, ['pkg', 'set', 'type=module']);
    await npm(app, [
      'install',
      ...NPM_FLAGS,
      tarball,
      `tsx@${installedVersion('tsx')}`,
      `typescript@${installedVersion('typescript')}`,
      `@types/node@${installedVersion('@types/node')}`,
    ]);
    writeFileSync(join(app, 'example.ts'), readmeExample());
    const { stdout } = await run('npx', ['--no-install', 'tsx', 'example.ts'], {
      cwd: app,
      env,
      timeout: 180_000,
    });
    assertRanAgainstTheServer(stdout);
  });

  test('the README example compiles with tsc --init --types node (NodeNext) and runs with node', async () => {
    assert.ok(existsSync(join(app, 'example.ts')), 'set up by the previous test');
    for (const pdf of readdirSync(app).filter((name) => name.endsWith('.pdf'))) rmSync(join(app, pdf));
    await run('npx', ['--no-install', 'tsc', '--init', '--types', 'node'], { cwd: app });
    assert.match(readFileSync(join(app, 'tsconfig.json'), 'utf8'), /"module": "nodenext"/);
    const compiled = await run('npx', ['--no-install', 'tsc'], { cwd: app }).catch((error) => error);
    assert.equal(compiled.code ?? 0, 0, `tsc reported:\n${compiled.stdout}${compiled.stderr}`);
    const { stdout } = await run('node', ['example.js'], { cwd: app, env, timeout: 180_000 });
    assertRanAgainstTheServer(stdout);
  });
});

/** The example printed Namur's (nationwide) statistics and saved the report's PDF in its directory. */
function assertRanAgainstTheServer(stdout: string): void {
  assert.match(
    stdout,
    /^belgium_lowres \d{4} \[ 'air', 'wind', 'thermal' \]$/m,
    `the statistics are printed:\n${stdout}`,
  );
  const saved = /saved (\S+\.pdf)/.exec(stdout)?.[1];
  assert.ok(saved, `the report was saved:\n${stdout}`);
  assert.equal(readFileSync(join(app, saved)).subarray(0, 5).toString('latin1'), '%PDF-');
}
