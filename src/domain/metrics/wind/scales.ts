/**
 * Wind scales. Classes 1, 4 and 5 with their rules and colours are fixed by the spec;
 * classes 2 and 3 follow the Lawson comfort thresholds at 4, 6 and 8 m/s that the spec's
 * own bounds and rainbow stops (0, 4, 6, 8, 15 m/s) line up with (DOMAIN.md §3).
 *
 * Why each `when` reads the way it does: a feature takes the highest class whose rule
 * matches. Class 1 is the only rule that can hold below 4 m/s with gusts under 10 m/s,
 * and any other reading matches class 2 (Ucomfort >= 4) or class 4 (Ugust >= 10), so
 * every pair of readings gets exactly one class. Class 4's gust test (>= 10 m/s) makes
 * gusty hours at least "very windy" whatever the mean speed.
 */
import { NO_DATA_COLOR } from '../../scales/no-data.ts';
import type { Scale, ScaleClass } from '../../scales/types.ts';

const LAWSON_AUTHORITY =
  'Lawson pedestrian wind comfort criteria (4/6/8 m/s comfort, 15 m/s safety), as used by the City of ' +
  'London Wind Microclimate Guidelines (2019); classes 2 and 3 and the colours are this service’s';
const LAWSON_REFERENCE =
  'https://pedwinds.cppwindlab.com/reports/mtptSiH9wfTsp9NR/docs/cpp-15141-criteria-description';

/** Colours of the standard palette, class 1 to 5; the rainbow scales reuse them as stops. */
const STANDARD_COLORS = ['#0000FF', '#33CC33', '#FFE000', '#ff8000', '#BF0000'] as const;

/** Okabe–Ito colour-universal-design colours, ordered from cool to alarming. */
const COLOUR_BLIND_COLORS = ['#0072B2', '#56B4E9', '#F0E442', '#E69F00', '#D55E00'] as const;

/** The comfort classes without colours: the same rules for both palettes. */
const COMFORT_CLASSES: ReadonlyArray<Omit<ScaleClass, 'color'>> = [
  {
    value: 1,
    label: 'Calm',
    meaning: 'Comfortable for all activities, including long outdoor sitting',
    bounds: { from: 0, to: 4 },
    condition: 'Ucomfort < 4 m/s and Ugust < 10 m/s',
    when: {
      all: [
        { field: 'Ucomfort', lt: 4 },
        { field: 'Ugust', lt: 10 },
      ],
    },
  },
  {
    value: 2,
    label: 'Slightly windy',
    meaning: 'Comfortable for standing and short sitting; too windy for long outdoor sitting',
    bounds: { from: 4, to: 6 },
    condition: 'Ucomfort from 4 to 6 m/s, with Ugust < 10 m/s',
    when: { all: [{ field: 'Ucomfort', gte: 4 }] },
  },
  {
    value: 3,
    label: 'Windy',
    meaning: 'Comfortable for walking; uncomfortable for sitting and standing',
    bounds: { from: 6, to: 8 },
    condition: 'Ucomfort above 6 and up to 8 m/s, with Ugust < 10 m/s',
    when: { all: [{ field: 'Ucomfort', gt: 6 }] },
  },
  {
    value: 4,
    label: 'Very windy',
    meaning: 'Uncomfortable for most activities; only brisk walking is tolerable',
    bounds: { from: 8, to: 15 },
    condition: 'Ucomfort > 8 m/s or Ugust >= 10 m/s',
    when: {
      any: [
        { field: 'Ucomfort', gt: 8 },
        { field: 'Ugust', gte: 10 },
      ],
    },
  },
  {
    value: 5,
    label: 'Danger',
    meaning: 'Dangerous for all activities: risk of losing balance, especially for frail people and cyclists',
    bounds: { from: 15, to: null },
    condition: 'Ucomfort > 15 m/s or Ugust > 15 m/s',
    when: {
      any: [
        { field: 'Ucomfort', gt: 15 },
        { field: 'Ugust', gt: 15 },
      ],
    },
  },
];

function paint(colors: readonly string[]): ScaleClass[] {
  return COMFORT_CLASSES.map((entry, index) => ({ ...entry, color: colors[index]! }));
}

const COMFORT_DESCRIPTION =
  'Pedestrian wind comfort and safety from the hourly mean comfort speed (Ucomfort) and the gust speed ' +
  '(Ugust) at pedestrian height, in five classes from 1 (comfortable for all activities) to 5 (dangerous ' +
  'for all activities). Each feature takes the highest class whose rule matches.';

export const WIND_COMFORT_STANDARD: Scale = {
  id: 'wind-comfort-standard',
  metric: 'wind',
  view: 'comfort-danger',
  name: 'Wind comfort and danger',
  kind: 'classes',
  authority: LAWSON_AUTHORITY,
  reference: LAWSON_REFERENCE,
  default: true,
  description: COMFORT_DESCRIPTION,
  fields: ['Ucomfort', 'Ugust'],
  unit: 'm/s',
  classes: paint(STANDARD_COLORS),
  no_data_color: NO_DATA_COLOR,
};

export const WIND_COMFORT_COLOUR_BLIND: Scale = {
  id: 'wind-comfort-colour-blind',
  metric: 'wind',
  view: 'comfort-danger',
  name: 'Wind comfort and danger (colour-blind safe)',
  kind: 'classes',
  authority: `${LAWSON_AUTHORITY}; palette: Okabe & Ito, Color Universal Design (2008)`,
  reference: 'https://jfly.uni-koeln.de/color/',
  default: false,
  description: `${COMFORT_DESCRIPTION} Same classes and rules as wind-comfort-standard, in a palette that stays distinct under the common colour-vision deficiencies.`,
  fields: ['Ucomfort', 'Ugust'],
  unit: 'm/s',
  classes: paint(COLOUR_BLIND_COLORS),
  no_data_color: NO_DATA_COLOR,
};

/** Stops of the rainbow gradients (m/s): the Lawson thresholds and the safety level. */
const RAINBOW_STOPS = [0, 4, 6, 8, 15] as const;

function rainbowClasses(field: 'Ucomfort' | 'Ugust'): ScaleClass[] {
  return RAINBOW_STOPS.map((stop, index) => {
    const next = RAINBOW_STOPS[index + 1];
    const comfort = COMFORT_CLASSES[index]!;
    return {
      value: index + 1,
      label: `${stop} m/s`,
      color: STANDARD_COLORS[index]!,
      meaning:
        next === undefined
          ? `${field} of ${stop} m/s and above: the ${comfort.label.toLowerCase()} colour`
          : `${field} of ${stop} m/s, blending towards the colour at ${next} m/s`,
      bounds: { from: stop, to: next ?? null },
    };
  });
}

export const WIND_MEAN_RAINBOW: Scale = {
  id: 'wind-mean-rainbow',
  metric: 'wind',
  view: 'mean',
  name: 'Mean pedestrian wind speed',
  kind: 'gradient',
  authority: LAWSON_AUTHORITY,
  reference: LAWSON_REFERENCE,
  default: false,
  description:
    'Hourly mean comfort wind speed at pedestrian height (Ucomfort) as a colour bar interpolated between ' +
    'stops at 0, 4, 6, 8 and 15 m/s in the comfort-class colours; values above 15 m/s take the top colour.',
  fields: ['Ucomfort'],
  unit: 'm/s',
  interpolate: true,
  classes: rainbowClasses('Ucomfort'),
  no_data_color: NO_DATA_COLOR,
};

export const WIND_GUST_RAINBOW: Scale = {
  id: 'wind-gust-rainbow',
  metric: 'wind',
  view: 'gust',
  name: 'Gust speed',
  kind: 'gradient',
  authority: LAWSON_AUTHORITY,
  reference: LAWSON_REFERENCE,
  default: false,
  description:
    'Hourly gust speed at pedestrian height (Ugust) as a colour bar interpolated between stops at 0, 4, 6, ' +
    '8 and 15 m/s in the comfort-class colours; values above 15 m/s take the top colour.',
  fields: ['Ugust'],
  unit: 'm/s',
  interpolate: true,
  classes: rainbowClasses('Ugust'),
  no_data_color: NO_DATA_COLOR,
};
