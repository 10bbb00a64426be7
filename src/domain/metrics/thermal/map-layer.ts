import type { MetricMapLayer } from '../../map/layer-descriptor.ts';

/** The thermal metric's map layer (spec, "Map layers and their tile properties"). */
export const THERMAL_MAP_LAYER: MetricMapLayer = {
  id: 'thermal',
  timed: true,
  description: 'Universal Thermal Climate Index per grid cell, °C',
  fields: [{ name: 'UTCI', label: 'Temperature UTCI', unit: '°C', column: 'utci' }],
  minzoom: 10,
  maxzoom: 16,
  /** UTCI °C: cold blue, comfortable green, heat orange to dark red */
  ramp: {
    stops: [
      [-10, [40, 60, 160]],
      [0, [90, 140, 220]],
      [9, [140, 200, 230]],
      [18, [120, 200, 120]],
      [26, [240, 220, 90]],
      [32, [245, 150, 50]],
      [38, [215, 50, 40]],
      [46, [120, 0, 40]],
    ],
  },
};
