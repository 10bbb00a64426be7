import type { MetricModule } from '../metric-module.ts';
import { WIND_ALERTS } from './alerts.ts';
import { computeWindBlock } from './block.ts';
import { WindBlockSchema } from './block-schema.ts';
import { WIND_MAP_LAYER } from './map-layer.ts';
import { windReport } from './report-section.ts';
import {
  WIND_COMFORT_COLOUR_BLIND,
  WIND_COMFORT_STANDARD,
  WIND_GUST_RAINBOW,
  WIND_MEAN_RAINBOW,
} from './scales.ts';
import type { WindColumns } from './types.ts';
import { WIND_VIEWS } from './views.ts';

export const windMetric: MetricModule<'wind', typeof WindBlockSchema, WindColumns, never> = {
  id: 'wind',
  views: WIND_VIEWS,
  scales: [WIND_COMFORT_STANDARD, WIND_COMFORT_COLOUR_BLIND, WIND_MEAN_RAINBOW, WIND_GUST_RAINBOW],
  physics: ['flow'],
  mapLayer: WIND_MAP_LAYER,
  block: {
    schema: WindBlockSchema,
    columns: ['ucomfort', 'ugust'],
    compute: computeWindBlock,
    // mostly on the area's hourly means: little more per cell
    cost: { ms: 1.62, msPerCell: 0.08 },
  },
  records: [
    { name: 'ucomfort', column: 'ucomfort', decimals: 2 },
    { name: 'ugust', column: 'ugust', decimals: 2 },
  ],
  alerts: WIND_ALERTS,
  report: windReport,
};
