import type { Cities } from '../../../domain/coverage/registry.ts';
import type { BasemapService } from '../../../services/map/basemap-service.ts';
import type { CatalogService } from '../../../services/map/catalog-service.ts';
import type { TileService } from '../../../services/map/tile-service.ts';
import type { FeatureRoutes } from '../types.ts';
import { registerBasemap } from './basemap.ts';
import { registerMapCatalog } from './catalog.ts';
import { registerMapTiles } from './tile.ts';
import { registerMapTileJson } from './tilejson.ts';

export { registerMapAssets } from './assets.ts';

/**
 * The map product's /v1 routes for the app builder: the catalog behind the key hook
 * (product `map`, rate-limited), TileJSON and tiles in the open group, authorised by
 * their signature and never counted against a key.
 */
export function mapRoutes(services: {
  catalog: CatalogService;
  tiles: TileService;
  basemap: BasemapService;
  /** the live city registry: a catalog is asked of a listed city with a map */
  cities: Cities;
}): FeatureRoutes {
  return {
    keyed: [(app) => registerMapCatalog(app, services.catalog, services.cities)],
    open: [
      async (app) => {
        await app.register(async (signed) => {
          registerMapTileJson(signed, services.tiles);
          registerMapTiles(signed, services.tiles);
        });
        // public: the basemap carries no key and no signature (docs/map.md, "Basemap")
        await app.register(async (basemap) => registerBasemap(basemap, services.basemap));
      },
    ],
  };
}
