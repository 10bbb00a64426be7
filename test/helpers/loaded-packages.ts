import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config.ts';
import { compose } from '../../src/start/compose.ts';
import { SHARED_MODEL_DIR } from './service.ts';

/**
 * Run as a child process (`node --import tsx test/helpers/loaded-packages.ts`): composes
 * the server as the environment configures it, prints the npm packages the composition
 * loaded through Node's CommonJS loader (every driver and SDK the adapters wrap is one)
 * as a JSON array on its last line, and closes.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'svc-loaded-'));
const composition = await compose(
  parseConfig({ ...process.env, DATA_DIR: dataDir, MODEL_DIR: SHARED_MODEL_DIR, LOG_LEVEL: 'silent' }),
  { logger: false },
);
const loaded = new Set<string>();
for (const path of Object.keys(createRequire(import.meta.url).cache)) {
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (name) loaded.add(name);
}
await composition.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify([...loaded].sort()));
