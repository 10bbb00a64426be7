// `npm start` builds first when dist/ is missing or older than any source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const marker = 'dist/src/start/server.js';
const stale =
  !existsSync(marker) || Math.max(newest('src'), statSync('package.json').mtimeMs) > statSync(marker).mtimeMs;
if (stale) {
  process.stdout.write('building svc-api…\n');
  execSync('npm run --silent build', { stdio: 'inherit' });
}
