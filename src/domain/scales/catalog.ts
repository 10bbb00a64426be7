/**
 * The scale catalogue: every scale in the order the spec lists them, and the look-ups
 * the /scales endpoints and the map client need.
 */
import { AIR_BELAQI, AIR_NO2, AIR_PM10, AIR_PM25 } from './air.ts';
import { THERMAL_MAGMA, THERMAL_UTCI } from './thermal.ts';
import type { Scale, ScaledMetric, ScaleSummary, View } from './types.ts';
import { VIEWS } from './views.ts';
import {
  WIND_COMFORT_COLOUR_BLIND,
  WIND_COMFORT_STANDARD,
  WIND_GUST_RAINBOW,
  WIND_MEAN_RAINBOW,
} from './wind.ts';

export const SCALES: readonly Scale[] = [
  WIND_COMFORT_STANDARD,
  WIND_COMFORT_COLOUR_BLIND,
  WIND_MEAN_RAINBOW,
  WIND_GUST_RAINBOW,
  AIR_BELAQI,
  AIR_NO2,
  AIR_PM25,
  AIR_PM10,
  THERMAL_UTCI,
  THERMAL_MAGMA,
];

/** Views in display order, optionally of one metric. */
export function listViews(metric?: ScaledMetric): View[] {
  return VIEWS.filter((view) => metric === undefined || view.metric === metric);
}

/** The summary fields of every scale, optionally of one metric. */
export function listScaleSummaries(metric?: ScaledMetric): ScaleSummary[] {
  return SCALES.filter((scale) => metric === undefined || scale.metric === metric).map(toSummary);
}

/** The full scale, or undefined for an id outside the closed set. */
export function findScale(id: string): Scale | undefined {
  return SCALES.find((scale) => scale.id === id);
}

export function toSummary(scale: Scale): ScaleSummary {
  const { id, metric, view, name, kind, authority, reference } = scale;
  return { id, metric, view, name, kind, authority, reference, default: scale.default };
}
