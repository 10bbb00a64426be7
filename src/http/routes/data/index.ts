import type { HistoricalService } from '../../../services/data/historical.ts';
import type { HistoryService } from '../../../services/data/history.ts';
import type { RecordsService } from '../../../services/data/records.ts';
import type { FeatureRoutes } from '../types.ts';
import { registerHistoricalRoute } from './historical.ts';
import { registerHistoryRoute } from './history.ts';
import { registerRecordsRoute } from './records.ts';

/** The data products' routes: /historical/stats, /realtime, /forecast and /history, all keyed. */
export function dataRoutes(services: {
  historical: HistoricalService;
  records: RecordsService;
  /** GET /history (issue #50); absent: not served */
  history?: HistoryService;
}): FeatureRoutes {
  const history = services.history;
  return {
    keyed: [
      ...(history
        ? [(app: Parameters<FeatureRoutes['keyed'][number]>[0]) => registerHistoryRoute(app, history)]
        : []),
      (app) => registerHistoricalRoute(app, services.historical),
      (app) => registerRecordsRoute(app, 'realtime', services.records),
      (app) => registerRecordsRoute(app, 'forecast', services.records),
    ],
    open: [],
  };
}
