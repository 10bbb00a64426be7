import { MAP_LAYERS, type MapLayer } from '../coverage/cities.ts';
import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import type { LayerDescriptor, MetricMapLayer } from './layer-descriptor.ts';

/**
 * The map layers of the spec's "Map catalog and layers" table: their tile properties
 * (the exact property names the spec fixes), labels, units and the zoom range tiles
 * are cut for. Timed layers are named after the metric they show, which is what metric
 * scope gates; buildings are scenery and never gated.
 */
export type { LayerDescriptor, LayerField } from './layer-descriptor.ts';

export const STATIC_LAYERS = ['buildings'] as const;
export type StaticMapLayer = (typeof STATIC_LAYERS)[number];
export type TimedMapLayer = Exclude<MapLayer, StaticMapLayer>;
/** the layers of the metrics, in the spec's order (MAP_LAYERS) */
export const TIMED_LAYERS: readonly TimedMapLayer[] = MAP_LAYERS.filter(
  (layer): layer is TimedMapLayer => !(STATIC_LAYERS as readonly string[]).includes(layer),
);

/** Each metric's map layer (its module's), by timed layer. */
export const METRIC_LAYERS = Object.fromEntries(
  TIMED_LAYERS.map((id) => {
    const layer = DEFAULT_REGISTRY.find(id)?.mapLayer;
    if (!layer) throw new Error(`map layer ${id} is no registered metric's`);
    return [id, layer];
  }),
) as Readonly<Record<TimedMapLayer, MetricMapLayer>>;

/** The building footprints: scenery, the one layer no metric owns. */
const BUILDINGS_LAYER: LayerDescriptor = {
  id: 'buildings',
  timed: false,
  description: 'Building footprints with their height, m',
  fields: [{ name: 'Height', label: 'Height', unit: 'm' }],
  minzoom: 13,
  maxzoom: 16,
};

/** Every map layer by id: each metric's (its module's map layer) and the buildings. */
export const LAYERS = Object.fromEntries(MAP_LAYERS.map((id) => [id, layerOf(id)])) as Readonly<
  Record<MapLayer, LayerDescriptor>
>;

function layerOf(id: MapLayer): LayerDescriptor {
  return isTimedLayer(id) ? METRIC_LAYERS[id] : BUILDINGS_LAYER;
}

export function isTimedLayer(layer: string): layer is TimedMapLayer {
  return (TIMED_LAYERS as readonly string[]).includes(layer);
}

export function isStaticLayer(layer: string): layer is StaticMapLayer {
  return (STATIC_LAYERS as readonly string[]).includes(layer);
}
