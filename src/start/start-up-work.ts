import type { Cities } from '../domain/coverage/registry.ts';
import type { DomainId } from '../domain/grid/model-data.ts';
import type { MicroclimateModel } from '../model/microclimate-model.ts';
import { exerciseColdStatistics } from '../services/data/cold-statistics-exercise.ts';
import { createStatisticsEngine, type StatisticsEngine } from '../services/data/statistics-engine.ts';
import type { StatisticsPool } from '../services/data/statistics-pool-port.ts';
import type { KeyValueCache } from '../services/ports/cache-port.ts';
import type { PdfRenderer } from '../services/reports/pdf-renderer-port.ts';

/** the catalog's ranges are refreshed this often, so a new hour's catalog is ready before it is asked */
const CATALOG_WARM_INTERVAL_MS = 5 * 60_000;

export interface StartUpWork {
  /** the map ranges and the statistics' references: the server listens once they are done */
  warmUp: Promise<unknown>;
  /** all of it: the warm-up, then the compute threads' exercises, then the PDF preparation */
  settled: Promise<unknown>;
  stop(): void;
}

/**
 * What a started server does in the background before its first requests:
 * - prepares each hour's map catalog (per-hour ranges take seconds of model work), then
 *   again every few minutes, and after the ranges the references the statistics compare
 *   against (computed once per model version): the warm-up the port waits for;
 * - then has the compute threads run their hot code once over, and the cold statistics
 *   path for a few dozen locations (the event loop's share of it), so that the first
 *   cold requests do not wait for the JIT; through the raw model and pool, so it counts
 *   as no request's work and stores nothing;
 * - then checks that there is a browser to launch (logged if not). The PDF thread and
 *   Chromium start only when a report needs them: a browser idling in every instance
 *   costs 320–420 MB (docs/reports.md); unless REPORTS_WARM_AT_START asks for one report
 *   built and printed now, so the first one ordered does not pay for Chromium's start.
 */
export function startUpWork(deps: {
  warmCatalog(): Promise<void>;
  statistics: StatisticsEngine;
  rawModel: MicroclimateModel;
  rawStatisticsPool: StatisticsPool;
  durableCache: KeyValueCache;
  pdf: PdfRenderer;
  /** REPORTS_WARM_AT_START: one report built and printed, kept nowhere (ReportService.warmUp) */
  warmReports?: (() => Promise<void>) | undefined;
  /** the live city registry: the cities whose statistics are warmed */
  cities: Cities;
  clock: () => number;
  warn(error: unknown, message: string, domain?: string): void;
  closing(): boolean;
}): StartUpWork {
  const ranges = deps.warmCatalog();
  const timer = setInterval(() => void deps.warmCatalog(), CATALOG_WARM_INTERVAL_MS);
  timer.unref();
  // every city whose statistics the service answers, and the nationwide grid
  const domains: DomainId[] = [
    ...deps
      .cities()
      .cities.filter((city) => city.products.historical)
      .map((city) => city.id as DomainId),
    'belgium',
  ];
  // the references after the ranges: both take the model threads, and the first catalog
  // needs its ranges at once while a first statistics request can wait for its references
  const references = ranges.then(() =>
    Promise.all(
      domains.map((domain) =>
        deps.statistics
          .references(domain)
          .catch((error: unknown) => deps.warn(error, 'references failed', domain)),
      ),
    ),
  );
  const warmUp = Promise.all([ranges, references]);
  const settled = warmUp
    .catch(() => {})
    .then(() => Promise.all([deps.rawModel.exercise?.(), deps.rawStatisticsPool.exercise?.()]))
    .then(() =>
      exerciseColdStatistics(
        {
          model: deps.rawModel,
          statistics: createStatisticsEngine({
            model: deps.rawModel,
            cities: deps.cities,
            cache: deps.durableCache,
            pool: deps.rawStatisticsPool,
          }),
          clock: deps.clock,
        },
        deps.closing,
      ),
    )
    .catch((error: unknown) => {
      // a close during start-up ends the threads under it: nothing to report then
      if (!deps.closing()) deps.warn(error, 'exercising the compute threads failed');
    })
    .then(() => deps.pdf.prepare?.())
    .then(() =>
      deps.warmReports?.().catch((error: unknown) => {
        if (!deps.closing()) deps.warn(error, 'report warm-up failed');
      }),
    );
  // the operator's one line at start: the reason is in `err` (which setting, what failed)
  settled.catch((error: unknown) =>
    deps.warn(
      error,
      'reports: PDFs cannot be printed (CHROMIUM_PATH); jobs complete with their HTML and pdf_pending until the browser is back',
    ),
  );
  return { warmUp, settled, stop: () => clearInterval(timer) };
}
