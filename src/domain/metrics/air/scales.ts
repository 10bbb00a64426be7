/**
 * Air scales. `air-belaqi` reproduces the spec: the hourly BelAQI thresholds of the
 * November 2022 revision, the labels, and the colours of classes 1, 2 and 10; classes 3
 * to 9 continue the same blue, green, yellow, red, purple ramp. The spec's colours are
 * not IRCEL's legend colours, so the authority credits IRCEL for the index only.
 *
 * The single-pollutant gradients are anchored on the WHO 2021 guidelines: each stop is
 * the annual air quality guideline (AQG) or an interim target (IT), and the top stop is
 * the 24-hour IT-1, so one colour means the same WHO level for every pollutant.
 */

import { NO_DATA_COLOR } from '../../scales/no-data.ts';
import type { Pollutant, Scale, ScaleClass, TileField } from '../../scales/types.ts';

const BELAQI_COLORS = [
  '#012BF5',
  '#2D9BF8',
  '#2DC26B',
  '#A3D93F',
  '#F5E43A',
  '#F9A93A',
  '#F26A2E',
  '#E3262A',
  '#B4203F',
  '#8E2695',
] as const;

const BELAQI_CLASSES: ReadonlyArray<Omit<ScaleClass, 'color'>> = [
  { value: 1, label: 'Excellent', meaning: 'Excellent air quality' },
  { value: 2, label: 'Very good', meaning: 'Very good air quality' },
  { value: 3, label: 'Good', meaning: 'Good air quality' },
  { value: 4, label: 'Fairly good', meaning: 'Fairly good air quality; the last class counted as good air' },
  { value: 5, label: 'Moderate', meaning: 'Moderate air quality; sensitive people may notice effects' },
  { value: 6, label: 'Poor', meaning: 'Poor air quality; sensitive people should limit outdoor exertion' },
  { value: 7, label: 'Very poor', meaning: 'Very poor air quality; everyone should limit outdoor exertion' },
  { value: 8, label: 'Bad', meaning: 'Bad air quality; avoid outdoor exertion' },
  { value: 9, label: 'Very bad', meaning: 'Very bad air quality; avoid outdoor exertion' },
  { value: 10, label: 'Horrible', meaning: 'Horrible air quality; stay indoors where possible' },
];

export const AIR_BELAQI: Scale = {
  id: 'air-belaqi',
  metric: 'air',
  view: 'index',
  name: 'BelAQI air quality index',
  kind: 'classes',
  authority:
    'IRCEL-CELINE (Belgian Interregional Environment Agency), BelAQI index, November 2022 revision ' +
    '(hourly thresholds); colours are this service’s',
  reference:
    'https://www.irceline.be/en/air-quality/measurements/air-quality-index-november-2022/info_nov2022',
  default: true,
  description:
    'Belgian air quality index from the hourly concentrations of NO2 (C), PM2.5 (C_PM25) and PM10 ' +
    '(C_PM10). Each pollutant is read on its own thresholds (upper bounds inclusive); the worst of the ' +
    'three is the index. Higher is worse. An NO2 value of zero is a missing reading.',
  fields: ['C', 'C_PM25', 'C_PM10'],
  classes: BELAQI_CLASSES.map((entry, index) => ({ ...entry, color: BELAQI_COLORS[index]! })),
  no_data_color: NO_DATA_COLOR,
  thresholds: {
    no2: { field: 'C', bounds: [10, 15, 20, 30, 40, 45, 50, 60, 75], zero_means_missing: true },
    pm25: { field: 'C_PM25', bounds: [3.5, 7.5, 10, 15, 20, 35, 50, 60, 75] },
    pm10: { field: 'C_PM10', bounds: [10, 20, 35, 45, 60, 80, 95, 110, 140] },
  },
};

/** Colour per WHO level, shared by the three pollutant gradients. */
const WHO_LEVEL_COLORS = {
  zero: '#012BF5',
  aqg: '#2D9BF8',
  it4: '#2DC26B',
  it3: '#F5E43A',
  it2: '#F9A93A',
  it1: '#E3262A',
  daily: '#8E2695',
} as const;
type WhoLevel = keyof typeof WHO_LEVEL_COLORS;

const WHO_LEVEL_MEANING: Record<WhoLevel, string> = {
  zero: 'no pollution',
  aqg: 'WHO 2021 annual air quality guideline (AQG)',
  it4: 'WHO 2021 annual interim target 4',
  it3: 'WHO 2021 annual interim target 3',
  it2: 'WHO 2021 annual interim target 2',
  it1: 'WHO 2021 annual interim target 1',
  daily: 'WHO 2021 24-hour interim target 1; higher values take this colour',
};

/** WHO 2021 levels in µg/m3 (annual AQG and interim targets; 24-hour IT-1 on top). NO2 has no IT-4. */
const WHO_STOPS: Record<Pollutant, ReadonlyArray<[WhoLevel, number]>> = {
  no2: [
    ['zero', 0],
    ['aqg', 10],
    ['it3', 20],
    ['it2', 30],
    ['it1', 40],
    ['daily', 120],
  ],
  pm25: [
    ['zero', 0],
    ['aqg', 5],
    ['it4', 10],
    ['it3', 15],
    ['it2', 25],
    ['it1', 35],
    ['daily', 75],
  ],
  pm10: [
    ['zero', 0],
    ['aqg', 15],
    ['it4', 20],
    ['it3', 30],
    ['it2', 50],
    ['it1', 70],
    ['daily', 150],
  ],
};

const WHO_AUTHORITY = 'World Health Organization, WHO global air quality guidelines (2021)';
const WHO_REFERENCE = 'https://www.who.int/publications/i/item/9789240034228';

function pollutantGradient(pollutant: Pollutant, name: string, field: TileField): Scale {
  const stops = WHO_STOPS[pollutant];
  const top = stops[stops.length - 1]![1];
  const scale: Scale = {
    id: `air-${pollutant}`,
    metric: 'air',
    view: pollutant,
    name: `${name} concentration`,
    kind: 'gradient',
    authority: WHO_AUTHORITY,
    reference: WHO_REFERENCE,
    default: false,
    description:
      `Hourly ${name} concentration (${field}) in µg/m3 as a colour bar interpolated between the WHO 2021 ` +
      `guideline levels: the annual guideline, the annual interim targets and, on top, the 24-hour interim ` +
      `target 1 (${top} µg/m3). Values above the top stop take the top colour.`,
    fields: [field],
    unit: 'µg/m3',
    interpolate: true,
    classes: stops.map(([level, stop], index) => ({
      value: index + 1,
      label: `${stop} µg/m3`,
      color: WHO_LEVEL_COLORS[level],
      meaning: WHO_LEVEL_MEANING[level],
      bounds: { from: stop, to: stops[index + 1]?.[1] ?? null },
    })),
    no_data_color: NO_DATA_COLOR,
    fallback_range: { min: 0, max: top },
  };
  if (pollutant === 'no2') scale.zero_means_missing = true;
  return scale;
}

export const AIR_NO2 = pollutantGradient('no2', 'NO2', 'C');
export const AIR_PM25 = pollutantGradient('pm25', 'PM2.5', 'C_PM25');
export const AIR_PM10 = pollutantGradient('pm10', 'PM10', 'C_PM10');
