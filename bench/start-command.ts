import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The node arguments of `npm start` (package.json), so that the benchmarks that start the
 * built server measure the very process an operator runs, V8 flags included.
 */
export function npmStartArgs(repo: string): string[] {
  const pkg = JSON.parse(readFileSync(resolve(repo, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs "${command}", expected node`);
  return args;
}
