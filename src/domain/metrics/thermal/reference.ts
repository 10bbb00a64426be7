import type { MetricReferenceRule } from '../metric-module.ts';
import type { ThermalBlock, ThermalReference } from './types.ts';

/** The coverage area's summer nights: the mean UTCI of summer night hours over a lattice of its cells. */
export const THERMAL_REFERENCE: MetricReferenceRule<ThermalBlock, ThermalReference> = {
  sample: 'coverage-lattice',
  blocks: 'all-cells',
  derive(blocks) {
    const mean = blocks[0]?.summer_night_mean_utci_c;
    return typeof mean === 'number' ? { summer_night_mean_utci_c: mean } : undefined;
  },
};
