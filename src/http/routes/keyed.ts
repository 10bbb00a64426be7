import type { AppDeps } from '../app.ts';
import { createKeyHook } from '../plugins/api-key.ts';
import { registerKeyInfo } from './key/key-info.ts';

/** Keyed routes of the foundation itself (GET /key). */
export async function registerKeyedRoutes(v1: import('./types.ts').V1App, deps: AppDeps): Promise<void> {
  await v1.register(async (keyed) => {
    keyed.addHook('onRequest', createKeyHook(deps, 'required'));
    registerKeyInfo(keyed);
  });
}
