/**
 * The shapes the client reads from the API, as published: views and scales
 * (GET /scales, /scales/{id}) and the map catalog (GET /map/{city}). Type-only imports
 * of the server's own declarations, so the client and the service cannot drift apart;
 * none of that code ends up in the bundle.
 */

export type { CatalogBody as Catalog, CatalogStep } from '../../domain/map/catalog.ts';
export type { TileJson } from '../../domain/map/tilejson.ts';
export type { Scale, ScaleClass, ScaleSummary, View, When, WhenTest } from '../../domain/scales/types.ts';

export interface ValueRange {
  min: number;
  max: number;
}
