import type { MapLayer } from '../coverage/cities.ts';

/**
 * The map layers of the spec's "Map catalog and layers" table: their tile properties
 * (the exact property names the spec fixes), labels, units and the zoom range tiles
 * are cut for. Timed layers are named after the metric they show, which is what metric
 * scope gates; buildings are scenery and never gated.
 */
export interface LayerField {
  name: string;
  label: string;
  unit: string;
}

export interface LayerDescriptor {
  id: MapLayer;
  timed: boolean;
  description: string;
  fields: readonly LayerField[];
  minzoom: number;
  maxzoom: number;
}

export const TIMED_LAYERS = ['thermal', 'wind', 'air'] as const;
export type TimedMapLayer = (typeof TIMED_LAYERS)[number];
export const STATIC_LAYERS = ['buildings'] as const;
export type StaticMapLayer = (typeof STATIC_LAYERS)[number];

export const LAYERS: Readonly<Record<MapLayer, LayerDescriptor>> = {
  thermal: {
    id: 'thermal',
    timed: true,
    description: 'Universal Thermal Climate Index per grid cell, °C',
    fields: [{ name: 'UTCI', label: 'Temperature UTCI', unit: '°C' }],
    minzoom: 10,
    maxzoom: 16,
  },
  wind: {
    id: 'wind',
    timed: true,
    description: 'Pedestrian-level mean comfort wind speed and gust speed per grid cell, m/s',
    fields: [
      { name: 'Ucomfort', label: 'Wind', unit: 'm/s' },
      { name: 'Ugust', label: 'Gust', unit: 'm/s' },
    ],
    minzoom: 10,
    maxzoom: 16,
  },
  air: {
    id: 'air',
    timed: true,
    description: 'NO2, PM2.5 and PM10 concentrations per grid cell, µg/m3',
    fields: [
      { name: 'C', label: 'NO2', unit: 'µg/m3' },
      { name: 'C_PM25', label: 'PM2.5', unit: 'µg/m3' },
      { name: 'C_PM10', label: 'PM10', unit: 'µg/m3' },
    ],
    minzoom: 10,
    maxzoom: 16,
  },
  buildings: {
    id: 'buildings',
    timed: false,
    description: 'Building footprints with their height, m',
    fields: [{ name: 'Height', label: 'Height', unit: 'm' }],
    minzoom: 13,
    maxzoom: 16,
  },
};

export function isTimedLayer(layer: string): layer is TimedMapLayer {
  return (TIMED_LAYERS as readonly string[]).includes(layer);
}

export function isStaticLayer(layer: string): layer is StaticMapLayer {
  return (STATIC_LAYERS as readonly string[]).includes(layer);
}
