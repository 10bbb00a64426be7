import type { MetricModule } from '../metric-module.ts';
import { THERMAL_ALERTS } from './alerts.ts';
import { computeThermalBlock } from './block.ts';
import { ThermalBlockSchema } from './block-schema.ts';
import { THERMAL_MAP_LAYER } from './map-layer.ts';
import { THERMAL_REFERENCE } from './reference.ts';
import { thermalReport } from './report-section.ts';
import { THERMAL_MAGMA, THERMAL_UTCI } from './scales.ts';
import type { ThermalColumns, ThermalReference } from './types.ts';
import { THERMAL_VIEWS } from './views.ts';

export const thermalMetric: MetricModule<
  'thermal',
  typeof ThermalBlockSchema,
  ThermalColumns,
  ThermalReference
> = {
  id: 'thermal',
  views: THERMAL_VIEWS,
  scales: [THERMAL_UTCI, THERMAL_MAGMA],
  physics: ['utci'],
  mapLayer: THERMAL_MAP_LAYER,
  block: {
    schema: ThermalBlockSchema,
    columns: ['utci', 'airTempC'],
    compute: computeThermalBlock,
    reference: THERMAL_REFERENCE,
    // mostly on the area's hourly means: little more per cell
    cost: { ms: 1.18, msPerCell: 0.04 },
  },
  records: [{ name: 'utci', column: 'utci', decimals: 2 }],
  alerts: THERMAL_ALERTS,
  report: thermalReport,
};
