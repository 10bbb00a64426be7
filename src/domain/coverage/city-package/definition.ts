import { type CityDefinition, MAP_LAYERS, type MapLayer, type Ring } from '../vocabulary.ts';
import type { CityManifest } from './manifest.ts';

/**
 * The registry entry of a city package: what /cities, coverage and the map say about
 * it. Map layers follow the metrics (a layer per modelled metric, plus buildings).
 */
export function cityDefinition(
  manifest: CityManifest,
  boundary: Ring,
  plannedBoundary: Ring | null,
  source: 'embedded' | 'imported',
): CityDefinition {
  const layers = MAP_LAYERS.filter(
    (layer): layer is MapLayer => layer === 'buildings' || manifest.metrics.includes(layer),
  );
  return {
    id: manifest.id,
    name: manifest.name,
    country: manifest.country,
    timezone: manifest.timezone,
    metrics: [...manifest.metrics],
    products: { ...manifest.products },
    map: manifest.products.map
      ? {
          layers,
          cadence: 'hourly',
          resolution_m: manifest.resolution_m ?? 10,
          forecast_hours: manifest.forecast_hours ?? 48,
        }
      : null,
    referenceYear: manifest.reference_year ?? 2025,
    ...(manifest.air_reference_points
      ? { airReferencePoints: manifest.air_reference_points.map(({ lat, lon }) => ({ lat, lon })) }
      : {}),
    attribution: manifest.attribution,
    ...(manifest.attribution_translations
      ? { attributionTranslations: { ...manifest.attribution_translations } }
      : {}),
    boundary,
    plannedBoundary,
    source,
  };
}
