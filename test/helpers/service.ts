import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { type Config, parseConfig } from '../../src/config.ts';
import { type Composition, compose } from '../../src/start/compose.ts';
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

/** A real composition (SQLite in a temporary DATA_DIR) for inject-based route tests. */
export async function startTestService(
  env: Record<string, string> = {},
  options: { clock?: () => number; logDestination?: DestinationStream } = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  // the generated model morphology is shared by every test file (keyed by model version inside)
  const config = parseConfig({ DATA_DIR: dataDir, MODEL_DIR: SHARED_MODEL_DIR, LOG_LEVEL: 'silent', ...env });
  const clock = options.clock ?? Date.now;
  const composition = await compose(config, {
    logger: false,
    clock,
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
  });
  await composition.app.ready();
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
