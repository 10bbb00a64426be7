import type { MetricReferenceRule } from '../metric-module.ts';
import type { AirBlock, AirReference } from './types.ts';

/**
 * The city-centre benchmark: the mean good-air share of the city's reference points (its
 * package's `air_reference_points`), each point's cell alone over the reference year.
 */
export const AIR_REFERENCE: MetricReferenceRule<AirBlock, AirReference> = {
  sample: 'reference-points',
  blocks: 'each-cell',
  derive(blocks) {
    const shares = blocks.map((b) => b?.good_pct).filter((v): v is number => typeof v === 'number');
    if (shares.length === 0) return undefined;
    return { good_pct: shares.reduce((a, b) => a + b, 0) / shares.length, n_locations: shares.length };
  },
};
