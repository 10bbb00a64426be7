/**
 * The scale catalogue: every scale in the order the spec lists them, and the look-ups
 * the /scales endpoints and the map client need.
 */
import type { MetricRegistry } from '../metrics/metric-module.ts';
import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import { SCALE_IDS, type Scale, type ScaledMetric, type ScaleSummary, type View } from './types.ts';
import { VIEWS } from './views.ts';

/**
 * Every registered metric's scales, in the order the spec lists them (SCALE_IDS: the
 * wind scales first, then air, then thermal, which is not the registry's order); a scale
 * the spec does not list follows them, in the registry's order.
 */
export function scaleCatalogue(registry: MetricRegistry): readonly Scale[] {
  const rank = (scale: Scale) => {
    const listed = SCALE_IDS.indexOf(scale.id);
    return listed === -1 ? SCALE_IDS.length : listed;
  };
  return registry.modules.flatMap((module) => module.scales).sort((a, b) => rank(a) - rank(b));
}

export const SCALES: readonly Scale[] = scaleCatalogue(DEFAULT_REGISTRY);

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
