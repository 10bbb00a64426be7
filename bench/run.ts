import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm run bench`: every product's benchmark, one after another, each in its own process
 * so that one's caches and JIT state do not flatter the next. `npm run bench -- NAME`
 * runs only the named ones.
 */
const ALL = ['foundation', 'data', 'geocode', 'map', 'reports', 'observability'];
const wanted = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const selected = wanted.length > 0 ? wanted : ALL;
let failed = false;
for (const name of selected) {
  const file = new URL(`./${name}.ts`, import.meta.url).pathname;
  if (!existsSync(file)) {
    console.log(`\n(${name}: no benchmark yet)`);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
