import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type Config, parseConfig } from '../../src/config.ts';
import { type ComposeOverrides, type Composition, compose } from '../../src/start/compose.ts';
import { BUSY_MACHINE_ENV } from './busy-machine.ts';
import { keyIssuer } from './keys.ts';

export const SHARED_MODEL_DIR = join(tmpdir(), 'svc-test-model-cache');

export interface TestService {
  composition: Composition;
  config: Readonly<Config>;
  /** issues a key exactly as `svc keys create` does, returning its secret */
  createKey(args?: string[]): Promise<string>;
  /** `svc keys revoke` */
  revokeKey(secret: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real composition (SQLite in a temporary DATA_DIR) for inject-based route tests,
 * started (report worker, city watcher, feeds) unless `start: false`; `model` or `pdf`
 * swap those adapters through the composition root's overrides. The start-up work (the
 * catalog's and the statistics' warm-up, the threads' exercises) only with
 * `startUpWork: true`: the tests of it ask for it, the others would share two cores with
 * ~20 s of its CPU per service.
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: Omit<ComposeOverrides, 'logger'> & { start?: boolean } = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  // the generated model morphology is shared by every test file (keyed by model version inside)
  const config = parseConfig({
    ...BUSY_MACHINE_ENV,
    DATA_DIR: dataDir,
    MODEL_DIR: SHARED_MODEL_DIR,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = options.clock ?? Date.now;
  const { start = true, startUpWork = false, ...overrides } = options;
  const composition = await compose(config, { ...overrides, startUpWork, logger: false, clock });
  await composition.app.ready();
  if (start) await composition.start();
  const issuer = keyIssuer(composition.keys, config, clock);
  return {
    composition,
    config,
    createKey: issuer.createKey,
    revokeKey: issuer.revokeKey,
    async close() {
      await composition.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One started service for a whole test file, with a key whose rate window no test of the
 * file reaches: started before the file's first test (node:test `before`), closed after
 * its last. Read `service` and `key` inside tests, once started. `clock`: the service's
 * (the wall clock unless given).
 */
export function serviceForFile(options: { clock?: () => number } = {}): {
  readonly service: TestService;
  readonly key: string;
} {
  const file = {} as { service: TestService; key: string };
  before(async () => {
    file.service = await startTestService({}, options);
    file.key = await file.service.createKey(['--rate-per-min', '10000']);
  });
  after(() => file.service.close());
  return file;
}
