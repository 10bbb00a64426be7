import { type MetricId as BlockName, DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';

/** What one thread computes of a location's statistics. */
export interface SharePlan {
  /** blocks computed whole, over every cell */
  blocks: readonly BlockName[];
  /** the cells [from, to) whose air readings this thread tallies, for the pool to merge (metrics/air/tallies.ts) */
  tallyAir?: { from: number; to: number };
}

/**
 * Cost of the blocks, in milliseconds of a thread on this project's slowest machine
 * (in-process, docs/performance.md): air grades every cell-hour; wind and thermal work
 * mostly on the area's hourly means, so they cost little more per cell.
 */
const AIR_MS_PER_CELL = 0.85;
const WIND_THERMAL_MS = 2.8;
const WIND_THERMAL_MS_PER_CELL = 0.12;

/** every metric's block, in the registry's order */
const ALL: readonly BlockName[] = DEFAULT_REGISTRY.ids;

/**
 * How a location's statistics are shared out over `threads` threads so that the shares
 * take about as long (two are used: the blocks do not split further). One thread: all.
 * One cell: air and thermal against wind. Several: air against wind and thermal, or, once
 * the air block alone would outlast the other share (a radius: 57 ms for 67 cells against
 * 11), the air readings tallied in two groups of cells, the second group on the thread
 * that also computes wind and thermal.
 */
export function planShares(cellCount: number, threads: number): SharePlan[] {
  if (threads <= 1) return [{ blocks: ALL }];
  if (cellCount === 1) return [{ blocks: ['air', 'thermal'] }, { blocks: ['wind'] }];
  const windThermal = WIND_THERMAL_MS + WIND_THERMAL_MS_PER_CELL * cellCount;
  let bestCost = Math.max(AIR_MS_PER_CELL * cellCount, windThermal);
  let firstGroup = 0;
  for (let cells = 1; cells < cellCount; cells++) {
    const cost = Math.max(AIR_MS_PER_CELL * cells, AIR_MS_PER_CELL * (cellCount - cells) + windThermal);
    if (cost < bestCost) {
      bestCost = cost;
      firstGroup = cells;
    }
  }
  if (firstGroup === 0) return [{ blocks: ['air'] }, { blocks: ['wind', 'thermal'] }];
  return [
    { blocks: [], tallyAir: { from: 0, to: firstGroup } },
    { blocks: ['wind', 'thermal'], tallyAir: { from: firstGroup, to: cellCount } },
  ];
}
