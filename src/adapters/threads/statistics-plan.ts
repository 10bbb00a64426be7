import type { AnyMetricModule } from '../../domain/metrics/metric-module.ts';
import { type MetricId as BlockName, DEFAULT_METRICS } from '../../domain/metrics/registry.ts';

/** What one thread computes of a location's statistics. */
export interface SharePlan {
  /** blocks computed whole, over every cell */
  blocks: readonly BlockName[];
  /** the cells [from, to) whose tallies of the blocks that split (BlockTally) this thread makes, for the pool to merge */
  tally?: { blocks: readonly BlockName[]; from: number; to: number };
}

/** what some blocks cost over `cells` cells (their modules' `block.cost`, ms of a thread): their fixed parts, and their parts per cell times the cells */
function costOf(metrics: readonly AnyMetricModule[], cells: number): number {
  let ms = 0;
  let msPerCell = 0;
  for (const { block } of metrics) {
    ms += block.cost.ms;
    msPerCell += block.cost.msPerCell;
  }
  return ms + msPerCell * cells;
}

/**
 * How a location's statistics are shared out over `threads` threads so that the shares
 * take about as long (two are used: the blocks do not split further), by the blocks'
 * costs (each module's `block.cost`). One thread: all. One cell: the whole blocks in the
 * two shares that take least long. Several: the blocks that split (`block.tally`: air)
 * against the others, or, once the splitting blocks alone would outlast the other share
 * (a radius: air over its many cells outlasts wind and thermal several times), their
 * cells tallied in two groups, the second group on the thread that also computes the others.
 */
export function planShares(
  cellCount: number,
  threads: number,
  metrics: readonly AnyMetricModule[] = DEFAULT_METRICS,
): SharePlan[] {
  const all = ids(metrics);
  if (threads <= 1) return [{ blocks: all }];
  const splitting = metrics.filter((metric) => metric.block.tally !== undefined);
  const whole = metrics.filter((metric) => metric.block.tally === undefined);
  if (cellCount === 1 || splitting.length === 0) return wholeShares(metrics, cellCount);
  const others = costOf(whole, cellCount);
  let bestCost = Math.max(costOf(splitting, cellCount), others);
  let firstGroup = 0;
  for (let cells = 1; cells < cellCount; cells++) {
    const cost = Math.max(costOf(splitting, cells), costOf(splitting, cellCount - cells) + others);
    if (cost < bestCost) {
      bestCost = cost;
      firstGroup = cells;
    }
  }
  if (firstGroup === 0) return nonEmpty([{ blocks: ids(splitting) }, { blocks: ids(whole) }]);
  const tallied = ids(splitting);
  return [
    { blocks: [], tally: { blocks: tallied, from: 0, to: firstGroup } },
    { blocks: ids(whole), tally: { blocks: tallied, from: firstGroup, to: cellCount } },
  ];
}

/**
 * The whole blocks in two shares whose longer takes least long (the first share holds
 * the first block; the first such split found wins a tie), each in the registry's order.
 */
function wholeShares(metrics: readonly AnyMetricModule[], cellCount: number): SharePlan[] {
  let best: SharePlan[] = [{ blocks: ids(metrics) }];
  let bestCost = Number.POSITIVE_INFINITY;
  // every split of the blocks in two, as a bit mask of the second share (block 0 stays in the first)
  for (let mask = 1; mask < 2 ** (metrics.length - 1); mask++) {
    const first = metrics.filter((_, index) => index === 0 || !(mask & (1 << (index - 1))));
    const second = metrics.filter((_, index) => index > 0 && mask & (1 << (index - 1)));
    const cost = Math.max(costOf(first, cellCount), costOf(second, cellCount));
    if (cost < bestCost) {
      bestCost = cost;
      best = [{ blocks: ids(first) }, { blocks: ids(second) }];
    }
  }
  return best;
}

function ids(metrics: readonly AnyMetricModule[]): BlockName[] {
  return metrics.map((metric) => metric.id as BlockName);
}

function nonEmpty(plans: SharePlan[]): SharePlan[] {
  return plans.filter((plan) => plan.blocks.length > 0);
}
