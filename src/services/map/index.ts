import type { Cities } from '../../domain/coverage/registry.ts';
import type { ModelTiles } from '../ports/model-tiles-port.ts';
import type { CacheProbe } from '../ports/telemetry-port.ts';
import { type CatalogService, createCatalogService } from './catalog-service.ts';
import type { CatalogLiveData } from './catalog-sources.ts';
import type { ModelCatalog } from './model-catalog-port.ts';
import type { IsKeyActive } from './tile-request.ts';
import { createTileService, type TileService } from './tile-service.ts';
import { createTileSigner } from './tile-signer.ts';

/**
 * The map product's services from their dependencies, for the composition root:
 * the model, the signing secrets (adapters/signing-secret.ts) and the key store's
 * "is this key still active" question. The key authenticator already caches that answer
 * for 2 s; a second cache here would stack on it and stretch a revocation past 5 s.
 */
export function createMapServices(deps: {
  model: ModelTiles & ModelCatalog;
  /** the live city registry */
  cities: Cities;
  secrets: readonly Buffer[];
  isKeyActive: IsKeyActive;
  now?: () => number;
  /** budget for one model call behind a catalog or a tile */
  deadlineMs?: number;
  tileCacheBytes?: number;
  /** scale-out: the catalog cache every instance shares */
  sharedCache?: Parameters<typeof createCatalogService>[0]['shared'];
  /** where per-hour value ranges outlive the process (range-memo.ts) */
  durableCache?: Parameters<typeof createCatalogService>[0]['durable'];
  /** makes TileJSON `tiles` absolute (config PUBLIC_BASE_URL) */
  publicBaseUrl?: string | undefined;
  /** the configured live feeds' credits, for the timed layers' TileJSON */
  liveCredits?: (() => readonly string[]) | undefined;
  /** the live feeds, whose state the catalog tells (`sources`) */
  live?: CatalogLiveData | undefined;
  /** hit/miss of the catalog and tile caches (metrics) */
  cacheProbes?: { catalog?: CacheProbe | undefined; tiles?: CacheProbe | undefined };
}): { catalog: CatalogService; tiles: TileService } {
  const signer = createTileSigner(deps.secrets);
  const now = deps.now ?? Date.now;
  return {
    catalog: createCatalogService({
      model: deps.model,
      cities: deps.cities,
      signer,
      now,
      deadlineMs: deps.deadlineMs,
      ...(deps.sharedCache ? { shared: deps.sharedCache } : {}),
      ...(deps.durableCache ? { durable: deps.durableCache } : {}),
      onCache: deps.cacheProbes?.catalog,
      live: deps.live,
    }),
    tiles: createTileService({
      model: deps.model,
      cities: deps.cities,
      signer,
      isKeyActive: deps.isKeyActive,
      now,
      deadlineMs: deps.deadlineMs,
      cacheBytes: deps.tileCacheBytes,
      publicBaseUrl: deps.publicBaseUrl,
      liveCredits: deps.liveCredits,
      onCache: deps.cacheProbes?.tiles,
    }),
  };
}
