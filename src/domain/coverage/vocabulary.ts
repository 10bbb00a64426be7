/**
 * The words of the city registry: products, metrics, map layers, horizons, and what
 * the registry holds about a city. (src/domain/coverage/cities.ts re-exports them.)
 */
export const PRODUCTS = ['geocode', 'historical', 'realtime', 'forecast', 'reports', 'map'] as const;
export type Product = (typeof PRODUCTS)[number];
export const METRICS = ['air', 'wind', 'thermal', 'noise'] as const;
export type Metric = (typeof METRICS)[number];
export const DATA_METRICS = ['air', 'wind', 'thermal'] as const;
export type DataMetric = (typeof DATA_METRICS)[number];
export const MAP_LAYERS = ['thermal', 'wind', 'air', 'buildings'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];
export const HORIZONS = ['realtime', 'forecast'] as const;
export type Horizon = (typeof HORIZONS)[number];

export type Ring = Array<[number, number]>;

export interface CityDefinition {
  id: string;
  name: string;
  country: string;
  timezone: string;
  metrics: DataMetric[];
  products: Record<Product, boolean>;
  map: { layers: MapLayer[]; cadence: 'hourly'; resolution_m: number; forecast_hours: number } | null;
  referenceYear: number;
  /** the city-centre points the air benchmark samples (city.json `air_reference_points`); absent: no benchmark */
  airReferencePoints?: ReadonlyArray<{ lat: number; lon: number }>;
  attribution: string;
  /** the attribution in the other report languages (city.json `attribution_translations`) */
  attributionTranslations?: { fr?: string; nl?: string };
  /** current high-resolution zone */
  boundary: Ring;
  /** announced expansion of the zone, when there is one */
  plannedBoundary: Ring | null;
  /** shipped with the service (data/cities/) or imported by an operator */
  source: 'embedded' | 'imported';
}
