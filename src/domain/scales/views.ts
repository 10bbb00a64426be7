/**
 * The views named by the interface: what to plot from each metric. Every view of a layer
 * reads the same vector tile, so switching view (or scale) is a repaint.
 */
import type { MetricRegistry } from '../metrics/metric-module.ts';
import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import { VIEW_IDS, type View } from './types.ts';

/**
 * Every registered metric's views, in the order the spec lists them (VIEW_IDS); a view the
 * spec does not list follows them, in the registry's order.
 */
export function viewCatalogue(registry: MetricRegistry): readonly View[] {
  const rank = (view: View) => {
    const listed = VIEW_IDS.indexOf(view.id);
    return listed === -1 ? VIEW_IDS.length : listed;
  };
  return registry.modules.flatMap((module) => module.views).sort((a, b) => rank(a) - rank(b));
}

export const VIEWS: readonly View[] = viewCatalogue(DEFAULT_REGISTRY);
