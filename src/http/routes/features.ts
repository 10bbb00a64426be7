import { authenticateRoutes } from '../plugins/api-key.ts';
import { registerKeyInfo } from './key/key-info.ts';
import type { AppDeps, V1App } from './types.ts';

/**
 * Registers every product feature the same way: all `keyed` routes in one scope behind
 * the key hook, with the foundation's own keyed route (GET /key) first; all `open`
 * routes in another scope without it.
 */
export async function registerFeatureRoutes(v1: V1App, deps: AppDeps): Promise<void> {
  await v1.register(async (keyed) => {
    authenticateRoutes(keyed, deps, 'required');
    registerKeyInfo(keyed);
    for (const feature of deps.features) for (const register of feature.keyed) await register(keyed);
  });
  await v1.register(async (open) => {
    for (const feature of deps.features) for (const register of feature.open) await register(open);
  });
}
