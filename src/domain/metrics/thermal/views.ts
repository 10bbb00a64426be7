import type { View } from '../../scales/types.ts';

/** The thermal metric's views: what to plot from it, its default first. */
export const THERMAL_VIEWS: readonly View[] = [
  {
    id: 'utci',
    metric: 'thermal',
    name: 'Thermal stress',
    description: 'UTCI thermal stress categories.',
    fields: ['UTCI'],
    field_labels: { UTCI: 'Temperature UTCI' },
    scales: ['thermal-utci'],
    default_scale: 'thermal-utci',
    default: true,
  },
  {
    id: 'utci-temp',
    metric: 'thermal',
    name: 'UTCI temperature',
    description: 'The same UTCI reading as a temperature, on a continuous colour bar.',
    fields: ['UTCI'],
    field_labels: { UTCI: 'Temperature UTCI' },
    scales: ['thermal-magma'],
    default_scale: 'thermal-magma',
  },
];
