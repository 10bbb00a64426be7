/**
 * Thermal scales. `thermal-utci` is the ten-category UTCI assessment scale; the spec fixes
 * the comfort band (9 to 26 °C, "Comfortable") and the lowest band (-50 to -40 °C); the
 * other bounds are the published category limits (DOMAIN.md §1.3). Bounds exclude their
 * lower end and include their upper end, so 26 °C is still comfortable. The lowest class
 * also takes anything colder than -50 °C and the highest anything above 46 °C.
 *
 * `thermal-magma` colours the same UTCI reading as a temperature with the magma colour
 * map; its stops are positions 0 to 1 on the range the map catalog publishes per hour.
 */

import { NO_DATA_COLOR } from '../../scales/no-data.ts';
import type { Scale, ScaleClass } from '../../scales/types.ts';

const UTCI_CLASSES: ScaleClass[] = [
  {
    value: 1,
    label: 'Extreme cold',
    color: '#000080',
    meaning: 'Extreme cold stress',
    bounds: { from: -50, to: -40 },
  },
  {
    value: 2,
    label: 'Very strong cold',
    color: '#0000C8',
    meaning: 'Very strong cold stress',
    bounds: { from: -40, to: -27 },
  },
  {
    value: 3,
    label: 'Strong cold',
    color: '#0066FF',
    meaning: 'Strong cold stress',
    bounds: { from: -27, to: -13 },
  },
  {
    value: 4,
    label: 'Moderate cold',
    color: '#3399FF',
    meaning: 'Moderate cold stress',
    bounds: { from: -13, to: 0 },
  },
  {
    value: 5,
    label: 'Slight cold',
    color: '#99CCFF',
    meaning: 'Slight cold stress',
    bounds: { from: 0, to: 9 },
  },
  {
    value: 6,
    label: 'Comfortable',
    color: '#00C000',
    meaning: 'No thermal stress',
    bounds: { from: 9, to: 26 },
  },
  {
    value: 7,
    label: 'Moderate heat',
    color: '#FFB300',
    meaning: 'Moderate heat stress',
    bounds: { from: 26, to: 32 },
  },
  {
    value: 8,
    label: 'Strong heat',
    color: '#FF6600',
    meaning: 'Strong heat stress',
    bounds: { from: 32, to: 38 },
  },
  {
    value: 9,
    label: 'Very strong heat',
    color: '#E00000',
    meaning: 'Very strong heat stress',
    bounds: { from: 38, to: 46 },
  },
  {
    value: 10,
    label: 'Extreme heat',
    color: '#800000',
    meaning: 'Extreme heat stress',
    bounds: { from: 46, to: null },
  },
];

export const THERMAL_UTCI: Scale = {
  id: 'thermal-utci',
  metric: 'thermal',
  view: 'utci',
  name: 'UTCI thermal stress',
  kind: 'classes',
  authority:
    'Universal Thermal Climate Index assessment scale, ISB Commission 6 / COST Action 730 ' +
    '(Bröde et al. 2012); colours are this service’s',
  reference: 'https://doi.org/10.1007/s00484-011-0454-1',
  default: true,
  description:
    'Thermal stress felt outdoors, from the Universal Thermal Climate Index (UTCI) in °C: the air ' +
    'temperature of a reference environment that strains the body as much as the actual air temperature, ' +
    'radiation, wind and humidity do. Ten categories; each excludes its lower bound and includes its upper ' +
    'bound; the first takes every colder value and the last every hotter one.',
  fields: ['UTCI'],
  unit: '°C',
  classes: UTCI_CLASSES,
  no_data_color: NO_DATA_COLOR,
};

/** matplotlib's magma at positions 0, 1/8, …, 1. */
const MAGMA_STOPS = [
  '#000004',
  '#1d1147',
  '#51127c',
  '#832681',
  '#b73779',
  '#e75263',
  '#fc8961',
  '#fec488',
  '#fcfdbf',
] as const;

function magmaClasses(): ScaleClass[] {
  const last = MAGMA_STOPS.length - 1;
  return MAGMA_STOPS.map((color, index) => {
    const position = index / last;
    const label =
      index === 0 ? 'Range minimum' : index === last ? 'Range maximum' : `${position * 100} % of the range`;
    return {
      value: index + 1,
      label,
      color,
      meaning:
        index === last
          ? 'Warmest UTCI of the hour across the covered area'
          : index === 0
            ? 'Coolest UTCI of the hour across the covered area'
            : `UTCI ${position * 100} % of the way from the hour’s coolest to its warmest value`,
      bounds: { from: position, to: index === last ? null : (index + 1) / last },
    };
  });
}

export const THERMAL_MAGMA: Scale = {
  id: 'thermal-magma',
  metric: 'thermal',
  view: 'utci-temp',
  name: 'UTCI temperature',
  kind: 'gradient',
  authority: 'magma colour map, matplotlib (Stéfan van der Walt and Nathaniel Smith, 2015)',
  reference: 'https://bids.github.io/colormap/',
  default: false,
  description:
    'The UTCI reading (°C) as a temperature, coloured by the perceptually uniform magma colour map. The ' +
    'stops are positions from 0 to 1 mapped onto the per-hour range of the thermal layer published in the ' +
    'map catalog; when no range is published, onto the fallback range.',
  fields: ['UTCI'],
  unit: '°C',
  interpolate: true,
  relative: true,
  classes: magmaClasses(),
  no_data_color: NO_DATA_COLOR,
  fallback_range: { min: -10, max: 40 },
};
