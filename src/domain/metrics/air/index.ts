import type { MetricModule } from '../metric-module.ts';
import { AIR_ALERTS } from './alerts.ts';
import { computeAirBlock } from './block.ts';
import { AirBlockSchema } from './block-schema.ts';
import { AIR_TALLY } from './block-tally.ts';
import { AIR_MAP_LAYER } from './map-layer.ts';
import { AIR_REFERENCE } from './reference.ts';
import { airReport } from './report-section.ts';
import { AIR_BELAQI, AIR_NO2, AIR_PM10, AIR_PM25 } from './scales.ts';
import type { AirColumns, AirReference } from './types.ts';
import { AIR_VIEWS } from './views.ts';

export const airMetric: MetricModule<'air', typeof AirBlockSchema, AirColumns, AirReference> = {
  id: 'air',
  views: AIR_VIEWS,
  scales: [AIR_BELAQI, AIR_NO2, AIR_PM25, AIR_PM10],
  physics: ['dispersion'],
  mapLayer: AIR_MAP_LAYER,
  block: {
    schema: AirBlockSchema,
    columns: ['no2', 'pm25', 'pm10'],
    compute: computeAirBlock,
    reference: AIR_REFERENCE,
    // air grades every cell-hour, so it splits over threads by cells
    cost: { ms: 0, msPerCell: 0.85 },
    tally: AIR_TALLY,
  },
  records: [
    { name: 'c', column: 'no2', decimals: 1 },
    { name: 'c_pm25', column: 'pm25', decimals: 1 },
    { name: 'c_pm10', column: 'pm10', decimals: 1 },
    { name: 'c_o3', column: 'o3', decimals: 1 },
  ],
  alerts: AIR_ALERTS,
  report: airReport,
};
