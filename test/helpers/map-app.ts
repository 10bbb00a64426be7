import type { FastifyInstance } from 'fastify';
import type { MicroclimateModel } from '../../src/model/microclimate-model.ts';
import { startTestService } from './service.ts';

/**
 * The app exactly as the composition root builds it (real SQLite key store, key hook,
 * rate windows, error renderer, signing secret in DATA_DIR), with the model given by
 * the test through compose's overrides. Not started: no warm-up asks the model before
 * the test does.
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
  const service = await startTestService({}, { ...options, model, start: false });
  return {
    app: service.composition.app,
    dataDir: service.config.dataDir,
    createKey: service.createKey,
    revokeKey: service.revokeKey,
    close: service.close,
  };
}
