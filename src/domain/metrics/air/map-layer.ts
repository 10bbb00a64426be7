import type { MetricMapLayer } from '../../map/layer-descriptor.ts';

/** The air metric's map layer (spec, "Map layers and their tile properties"). */
export const AIR_MAP_LAYER: MetricMapLayer = {
  id: 'air',
  timed: true,
  description: 'NO2, PM2.5 and PM10 concentrations per grid cell, µg/m3',
  fields: [
    { name: 'C', label: 'NO2', unit: 'µg/m3', column: 'no2' },
    { name: 'C_PM25', label: 'PM2.5', unit: 'µg/m3', column: 'pm25' },
    { name: 'C_PM10', label: 'PM10', unit: 'µg/m3', column: 'pm10' },
  ],
  minzoom: 10,
  maxzoom: 16,
  /** NO2 µg/m³ on the BelAQI hourly bounds */
  ramp: {
    stops: [
      [10, [20, 50, 230]],
      [20, [40, 160, 240]],
      [30, [60, 190, 80]],
      [40, [240, 230, 60]],
      [50, [245, 140, 30]],
      [60, [220, 30, 30]],
      [75, [130, 30, 140]],
    ],
  },
};
