import { authenticateRoutes } from '../../plugins/api-key.ts';
import type { AppDeps, V1App } from '../types.ts';
import { registerCities } from './cities.ts';
import { registerHealth } from './health.ts';
import { registerReadiness } from './readiness.ts';
import { registerScales } from './scales.ts';

/**
 * Public routes: no key needed. /health never looks at a key; the others accept one
 * optionally (it shapes `authorized` and counts against its minute window).
 */
export async function registerPublicRoutes(v1: V1App, deps: AppDeps): Promise<void> {
  registerHealth(v1, deps);
  if (deps.readiness) registerReadiness(v1, { readiness: deps.readiness, clock: deps.clock });
  await v1.register(async (publicScope) => {
    authenticateRoutes(publicScope, deps, 'optional');
    registerCities(publicScope, deps);
    registerScales(publicScope);
  });
}
