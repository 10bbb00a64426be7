import type { MapLayer, Metric, Product } from './cities.ts';

/**
 * The city index entry and city detail resources (spec: City, City detail) as the
 * services build them. The route schemas (http/schemas/cities.ts) describe the same
 * shapes; http/schema-agreement.ts makes the compiler hold the two together.
 */
export interface CityEntry {
  id: string;
  name: string;
  country: string;
  timezone: string;
  /** [west, south, east, north] */
  bbox: number[];
  metrics?: Metric[];
  products: Record<Product, boolean>;
  map?: { layers: MapLayer[]; cadence: 'hourly'; resolution_m?: number; forecast_hours?: number };
  /** only when the request carried a key */
  authorized?: boolean;
}

export interface PolygonFeature {
  type: 'Feature';
  properties: Record<string, unknown>;
  geometry: { type: 'Polygon'; coordinates: number[][][] };
}

export interface CityDetail extends CityEntry {
  reference_year: number;
  attribution: string;
  boundary: PolygonFeature;
  planned_boundary?: PolygonFeature;
}
