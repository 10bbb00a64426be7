import type { MetricMapLayer } from '../../map/layer-descriptor.ts';

/** The thermal metric's map layer (spec, "Map layers and their tile properties"). */
export const THERMAL_MAP_LAYER: MetricMapLayer = {
  id: 'thermal',
  timed: true,
  description: 'Universal Thermal Climate Index per grid cell, °C',
  fields: [{ name: 'UTCI', label: 'Temperature UTCI', unit: '°C', column: 'utci' }],
  minzoom: 10,
  maxzoom: 16,
};
