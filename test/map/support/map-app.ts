import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadSigningSecrets } from '../../../src/adapters/signing-secret.ts';
import { parseConfig } from '../../../src/config.ts';
import { buildApp } from '../../../src/http/app.ts';
import { mapRoutes, registerMapAssets } from '../../../src/http/routes/map/index.ts';
import type { MicroclimateModel } from '../../../src/model/port.ts';
import { createKeyAuthenticator, keyActivity } from '../../../src/services/key-authenticator.ts';
import { createMapServices } from '../../../src/services/map/index.ts';
import { openStores } from '../../../src/start/stores.ts';
import { keyIssuer } from '../../helpers/keys.ts';

/**
 * The app as the composition root builds it (real SQLite key store, real key hook,
 * rate windows, error renderer, signing secret in DATA_DIR), with the map product
 * wired in and the model given by the test.
 */
export interface MapApp {
  app: FastifyInstance;
  dataDir: string;
  createKey(args?: string[]): Promise<string>;
  revokeKey(secret: string): Promise<void>;
  close(): Promise<void>;
}

export async function startMapApp(
  model: MicroclimateModel,
  options: { clock?: () => number } = {},
): Promise<MapApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-map-'));
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const clock = options.clock ?? Date.now;
  const stores = await openStores(config, clock);
  const secrets = await loadSigningSecrets({ dataDir, configured: config.tileSigningSecrets });
  const authenticator = createKeyAuthenticator(stores.keys, { clock });
  const map = createMapServices({
    model,
    secrets,
    now: clock,
    isKeyActive: keyActivity(authenticator, clock),
  });
  const app = await buildApp({
    config,
    clock,
    authenticator,
    counters: stores.counters,
    version: 'test',
    features: mapRoutes(map),
    logger: false,
  });
  await registerMapAssets(app);
  await app.ready();
  const issuer = keyIssuer(stores.keys, config, clock, 'map-test');
  return {
    app,
    dataDir,
    createKey: issuer.createKey,
    revokeKey: issuer.revokeKey,
    async close() {
      await app.close();
      await stores.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
