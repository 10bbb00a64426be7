import type { MetricMapLayer } from '../../map/layer-descriptor.ts';

/** The wind metric's map layer (spec, "Map layers and their tile properties"). */
export const WIND_MAP_LAYER: MetricMapLayer = {
  id: 'wind',
  timed: true,
  description: 'Pedestrian-level mean comfort wind speed and gust speed per grid cell, m/s',
  fields: [
    { name: 'Ucomfort', label: 'Wind', unit: 'm/s', column: 'ucomfort' },
    { name: 'Ugust', label: 'Gust', unit: 'm/s', column: 'ugust' },
  ],
  minzoom: 10,
  maxzoom: 16,
};
