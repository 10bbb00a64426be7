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
  /** pedestrian wind m/s on the Lawson stops 0/2.5/4/6/8/15 */
  ramp: {
    stops: [
      [0, [30, 40, 120]],
      [2.5, [40, 110, 200]],
      [4, [80, 190, 170]],
      [6, [230, 220, 80]],
      [8, [245, 140, 40]],
      [15, [190, 0, 30]],
    ],
  },
};
