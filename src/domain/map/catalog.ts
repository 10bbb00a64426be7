import type { TimedMapLayer } from './layers.ts';

/**
 * The map catalog resource (GET /map/{city}) as the catalog service builds it and the
 * browser client reads it; http/routes/map/schemas.ts describes it for validation and
 * OpenAPI, and http/schema-agreement.ts makes the compiler hold the two together.
 */
export interface LayerLink {
  tilejson: string;
}

export interface CatalogStep {
  timestamp: string;
  timestamp_ms: number;
  layers: Partial<Record<TimedMapLayer, LayerLink>>;
}

export interface CatalogBody {
  city: { id: string; name: string; country: string };
  meta: {
    crs: 'EPSG:3857';
    tile_format: 'mvt';
    resolution_m: number;
    generated_utc: string;
    catalog_ttl_s: number;
    url_expires_utc: string;
  };
  static: Record<string, LayerLink>;
  realtime?: CatalogStep;
  forecast: CatalogStep[];
  range?: Partial<Record<TimedMapLayer, Record<string, { min: number; max: number }>>>;
}
