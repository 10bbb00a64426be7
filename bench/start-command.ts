import { readFileSync } from 'node:fs';
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
