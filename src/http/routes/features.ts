import type { AppDeps } from '../app.ts';
import { createKeyHook } from '../plugins/api-key.ts';
import type { V1App } from './types.ts';

export type RouteRegistrar = (app: V1App) => Promise<void> | void;

/**
 * The product features' routes, supplied by the composition root with their services
 * already bound. `keyed` routes run behind the key hook (401/403, rate window, product
 * scope from the route's `config.product`); `open` routes carry their own authorisation
 * (signed tile URLs) or none (static client files) and never count against a key.
 */
export interface FeatureRoutes {
  keyed: RouteRegistrar[];
  open: RouteRegistrar[];
}

export async function registerFeatureRoutes(v1: V1App, deps: AppDeps): Promise<void> {
  await v1.register(async (keyed) => {
    keyed.addHook('onRequest', createKeyHook(deps, 'required'));
    for (const register of deps.features.keyed) await register(keyed);
  });
  await v1.register(async (open) => {
    for (const register of deps.features.open) await register(open);
  });
}
