import type { CityDefinition } from '../../domain/coverage/cities.ts';
import { scopeAllows } from '../../domain/keys/key-record.ts';
import type { CatalogBody, CatalogStep, LayerLink } from '../../domain/map/catalog.ts';
import { LAYERS, STATIC_LAYERS, type TimedMapLayer } from '../../domain/map/layers.ts';
import { scopePath, type TileScope } from '../../domain/map/url-signing.ts';
import type { CatalogSkeleton, StepSkeleton } from './catalog-skeleton.ts';
import type { TileSigner } from './tile-signer.ts';

export type { CatalogBody, CatalogStep, LayerLink } from '../../domain/map/catalog.ts';

/** The part of a key the catalog depends on. */
export interface CatalogKey {
  id: string;
  metrics: readonly string[];
  horizons: readonly string[];
}

/**
 * Applies one key to a city's skeleton: metric scope gates the timed layers (never
 * buildings), horizon scope drops the realtime block or empties the forecast, and
 * every link is signed for this key with one expiry.
 */
export function catalogBody(input: {
  city: CityDefinition;
  skeleton: CatalogSkeleton;
  key: CatalogKey;
  signer: TileSigner;
  nowMs: number;
  ttlS: number;
}): CatalogBody {
  const { city, skeleton, key, signer } = input;
  const map = city.map!;
  const expS = signer.expiry(input.nowMs);
  const link = (scope: TileScope): LayerLink => ({
    tilejson: `/v1${scopePath(scope)}.json?${signer.sign(key.id, scope, expS)}`,
  });
  const held = (layer: TimedMapLayer) => scopeAllows(key.metrics, layer);
  const step = (s: StepSkeleton, horizon: 'realtime' | 'forecast'): CatalogStep => {
    const layers: CatalogStep['layers'] = {};
    for (const layer of s.layers) {
      if (!held(layer)) continue;
      layers[layer] = link({ city: city.id, layer, horizon, stepMs: s.hourMs, issuedMs: s.issuedMs });
    }
    return { timestamp: new Date(s.hourMs).toISOString(), timestamp_ms: s.hourMs, layers };
  };

  const staticLayers: Record<string, LayerLink> = {};
  for (const layer of STATIC_LAYERS) {
    if (map.layers.includes(layer))
      staticLayers[layer] = link({ city: city.id, layer, horizon: 'static', stepMs: null });
  }
  const realtime =
    skeleton.realtime && scopeAllows(key.horizons, 'realtime')
      ? step(skeleton.realtime, 'realtime')
      : undefined;
  const forecast = scopeAllows(key.horizons, 'forecast')
    ? skeleton.forecast.map((s) => step(s, 'forecast'))
    : [];

  // ranges only for the layers and hours this key is shown
  const shown = new Set([...(realtime ? [realtime] : []), ...forecast].map((s) => String(s.timestamp_ms)));
  const range: CatalogBody['range'] = {};
  for (const [layer, perHour] of Object.entries(skeleton.range) as Array<
    [TimedMapLayer, Record<string, { min: number; max: number }>]
  >) {
    if (!held(layer) || !LAYERS[layer]) continue;
    const kept = Object.fromEntries(Object.entries(perHour).filter(([ms]) => shown.has(ms)));
    if (Object.keys(kept).length > 0) range[layer] = kept;
  }

  const body: CatalogBody = {
    city: { id: city.id, name: city.name, country: city.country },
    meta: {
      crs: 'EPSG:3857',
      tile_format: 'mvt',
      resolution_m: map.resolution_m,
      generated_utc: new Date(skeleton.generatedMs).toISOString(),
      catalog_ttl_s: input.ttlS,
      url_expires_utc: new Date(expS * 1000).toISOString(),
    },
    static: staticLayers,
    forecast,
  };
  if (realtime) body.realtime = realtime;
  if (Object.keys(range).length > 0) body.range = range;
  return body;
}
