import type { MicroclimateModel } from '../../model/port.ts';
import { type CatalogService, createCatalogService } from './catalog-service.ts';
import { cachedKeyActivity, type IsKeyActive } from './key-activity.ts';
import { createTileService, type TileService } from './tile-service.ts';
import { createTileSigner } from './tile-signer.ts';

/**
 * The map product's services from their dependencies, for the composition root:
 * the model, the signing secrets (adapters/signing-secret.ts) and the key store's
 * "is this key still active" question (cached here for 4 s).
 */
export function createMapServices(deps: {
  model: MicroclimateModel;
  secrets: readonly Buffer[];
  isKeyActive: IsKeyActive;
  now?: () => number;
  /** budget for one model call behind a catalog or a tile */
  deadlineMs?: number;
  tileCacheBytes?: number;
}): { catalog: CatalogService; tiles: TileService } {
  const signer = createTileSigner(deps.secrets);
  const now = deps.now ?? Date.now;
  return {
    catalog: createCatalogService({ model: deps.model, signer, now, deadlineMs: deps.deadlineMs }),
    tiles: createTileService({
      model: deps.model,
      signer,
      isKeyActive: cachedKeyActivity(deps.isKeyActive, { now }),
      now,
      deadlineMs: deps.deadlineMs,
      cacheBytes: deps.tileCacheBytes,
    }),
  };
}
