import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/**
 * The environment assignments and node arguments of `npm start` (package.json), so that
 * the benchmarks that start the built server measure the very process an operator runs,
 * allocator settings and V8 flags included.
 */
export function npmStart(repo: string): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = (words.shift() as string).split('=');
    env[name as string] = value.join('=');
  }
  const command = words.shift();
  if (command !== 'node') throw new Error(`npm start runs "${command}", expected node`);
  return { env, args: words };
}

const handedOut = new Set<number>();
/** a loopback port free now and not handed out before in this run (the system may offer one twice) */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * A secret key whose minute window never refuses a benchmark, made with the operator CLI
 * (`cli`: the built one by default; under tsx for a checkout that is not built) in the
 * DATA_DIR of `env`, as an operator would before starting the server.
 */
export function createBenchKey(
  cwd: string,
  env: NodeJS.ProcessEnv,
  cli: readonly string[] = ['dist/src/cli/main.js'],
): string {
  const out = execFileSync(
    process.execPath,
    [...cli, 'keys', 'create', '--label', 'bench', '--type', 'sk', '--rate-per-min', '100000000'],
    { cwd, env, encoding: 'utf8' },
  );
  return (JSON.parse(out.trim().split('\n').at(-1) as string) as { key: string }).key;
}
