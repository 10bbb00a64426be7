import type { View } from '../../scales/types.ts';

/** The wind metric's views: what to plot from it, its default first. */
export const WIND_VIEWS: readonly View[] = [
  {
    id: 'comfort-danger',
    metric: 'wind',
    name: 'Wind comfort and danger',
    description:
      'Combined comfort and danger classes from the mean pedestrian wind speed and the gust speed.',
    fields: ['Ucomfort', 'Ugust'],
    field_labels: { Ucomfort: 'Wind', Ugust: 'Gust' },
    scales: ['wind-comfort-standard', 'wind-comfort-colour-blind'],
    default_scale: 'wind-comfort-standard',
    default: true,
  },
  {
    id: 'mean',
    metric: 'wind',
    name: 'Mean wind speed',
    description: 'Hourly mean comfort wind speed at pedestrian height.',
    fields: ['Ucomfort'],
    field_labels: { Ucomfort: 'Wind' },
    scales: ['wind-mean-rainbow'],
    default_scale: 'wind-mean-rainbow',
  },
  {
    id: 'gust',
    metric: 'wind',
    name: 'Gust speed',
    description: 'Hourly gust speed at pedestrian height.',
    fields: ['Ugust'],
    field_labels: { Ugust: 'Gust' },
    scales: ['wind-gust-rainbow'],
    default_scale: 'wind-gust-rainbow',
  },
];
