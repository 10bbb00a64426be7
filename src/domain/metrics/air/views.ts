import type { View } from '../../scales/types.ts';

/** The air metric's views: what to plot from it, its default first. */
export const AIR_VIEWS: readonly View[] = [
  {
    id: 'index',
    metric: 'air',
    name: 'Air quality index',
    description: 'BelAQI index: the worst of NO2, PM2.5 and PM10, each read on its own thresholds.',
    fields: ['C', 'C_PM25', 'C_PM10'],
    field_labels: { C: 'NO2', C_PM25: 'PM2.5', C_PM10: 'PM10' },
    scales: ['air-belaqi'],
    default_scale: 'air-belaqi',
    default: true,
  },
  {
    id: 'no2',
    metric: 'air',
    name: 'NO2',
    description: 'Hourly nitrogen dioxide concentration.',
    fields: ['C'],
    field_labels: { C: 'NO2' },
    scales: ['air-no2'],
    default_scale: 'air-no2',
  },
  {
    id: 'pm25',
    metric: 'air',
    name: 'PM2.5',
    description: 'Hourly concentration of fine particles (PM2.5).',
    fields: ['C_PM25'],
    field_labels: { C_PM25: 'PM2.5' },
    scales: ['air-pm25'],
    default_scale: 'air-pm25',
  },
  {
    id: 'pm10',
    metric: 'air',
    name: 'PM10',
    description: 'Hourly concentration of particles (PM10).',
    fields: ['C_PM10'],
    field_labels: { C_PM10: 'PM10' },
    scales: ['air-pm10'],
    default_scale: 'air-pm10',
  },
];
