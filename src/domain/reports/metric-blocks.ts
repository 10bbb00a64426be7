/**
 * The report's parts that every metric has (a glance card, a daily-life paragraph, a
 * section, a method line, a row of the reading table) come from the metrics' modules:
 * the report loops over the registry and names no metric.
 */
import type { AnyMetricModule, MetricRegistry } from '../metrics/metric-module.ts';
import type { StatsEnvelope } from '../stats/stats-envelope.ts';
import { type HtmlValue, html, SafeHtml } from './html.ts';

export interface ShownMetric {
  module: AnyMetricModule;
  /** the metric's block in the statistics, of its module's block schema */
  block: unknown;
}

/**
 * Each registered metric with its block, in the registry's order; null for a metric the
 * statistics hold no block of (where the report's layout keeps an empty line).
 */
export function metricBlocks(stats: StatsEnvelope, registry: MetricRegistry): Array<ShownMetric | null> {
  const blocks = stats as StatsEnvelope & Readonly<Record<string, unknown>>;
  return registry.modules.map((module) => {
    const block = blocks[module.id];
    return block === undefined ? null : { module, block };
  });
}

/** only the metrics the statistics hold a block of */
export function shownMetrics(stats: StatsEnvelope, registry: MetricRegistry): ShownMetric[] {
  return metricBlocks(stats, registry).filter((entry) => entry !== null);
}

/** the parts, one a line, each line after the first indented as the template's lines are */
export function lines(parts: readonly HtmlValue[], separator: string): SafeHtml {
  return new SafeHtml(parts.map((part) => html`${part}`.value).join(separator));
}
