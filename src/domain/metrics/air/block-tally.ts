import type { BlockTally } from '../metric-module.ts';
import { airBlockFromTallies } from './block.ts';
import { type AirTallies, mergeAirTallies, tallyAir } from './tallies.ts';
import type { AirBlock, AirColumns, AirReference } from './types.ts';

/**
 * The air block splits over the statistics threads: it grades every cell-hour, so a
 * radius's cells are tallied in groups (tallies.ts) and the merged tallies graded once.
 */
export const AIR_TALLY: BlockTally<AirColumns, AirReference, AirBlock, AirTallies> = {
  of: tallyAir,
  merge: mergeAirTallies,
  block: airBlockFromTallies,
  // the per-hour counts are moved; the three-number concentration sums are copied
  transfer: (tallies) =>
    [tallies.classSum, tallies.graded, tallies.dominant].map((c) => c.buffer as ArrayBuffer),
};
