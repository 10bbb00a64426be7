import type { StatsInput } from '../stats/types.ts';
import type { MetricRegistry } from './metric-module.ts';

/**
 * The statistics' blocks of a location, each computed by its metric's module, in the
 * registry's order: those asked for (every registered metric by default), each compared
 * with its reference when one is given under its id; a metric without data has no block.
 * The cells carry the columns of the blocks asked for (MetricBlock.columns).
 */
export function computeMetricBlocks(
  registry: MetricRegistry,
  input: StatsInput<object>,
  references: Readonly<Record<string, unknown>> = {},
  asked: readonly string[] = registry.ids,
): Record<string, unknown> {
  const blocks: Record<string, unknown> = {};
  for (const metric of registry.modules) {
    if (!asked.includes(metric.id)) continue;
    const block = metric.block.compute(input, references[metric.id]);
    if (block) blocks[metric.id] = block;
  }
  return blocks;
}
