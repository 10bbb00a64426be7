import type { HistoricalService } from '../../../services/data/historical.ts';
import type { RecordsService } from '../../../services/data/records.ts';
import type { FeatureRoutes } from '../types.ts';
import { registerHistoricalRoute } from './historical.ts';
import { registerRecordsRoute } from './records.ts';

/** The data products' routes: /historical/stats, /realtime and /forecast, all keyed. */
export function dataRoutes(services: {
  historical: HistoricalService;
  records: RecordsService;
}): FeatureRoutes {
  return {
    keyed: [
      (app) => registerHistoricalRoute(app, services.historical),
      (app) => registerRecordsRoute(app, 'realtime', services.records),
      (app) => registerRecordsRoute(app, 'forecast', services.records),
    ],
    open: [],
  };
}
