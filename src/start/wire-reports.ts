import { loadReportFonts } from '../adapters/pdf/font.ts';
import { createThreadedPdfRenderer } from '../adapters/pdf/pdf-thread.ts';
import { createInProcessQueue } from '../adapters/queue/in-process.ts';
import { createReportJobStore } from '../adapters/store/report-jobs.ts';
import { createReportService } from '../services/reports/service.ts';
import { createSiteMapProvider } from '../services/reports/site-map.ts';
import { stationYearLookup } from '../services/reports/station-year.ts';
import type { Foundation } from './foundation.ts';
import type { DataServices, Geocoding } from './wire-data.ts';
import type { Feeds } from './wire-feeds.ts';
import type { CitiesAndModel } from './wire-model.ts';

/** Report job leases: short, renewed by heartbeat, so a dead worker's job is resumed within seconds. */
export const REPORT_LEASE = { leaseMs: 6000, sweepMs: 3000 };

/** The report jobs: their durable store, the queue that runs them, and the PDF printer. */
export async function wireReports(
  { config, overrides, clock, stores, faults, log, telemetry, closers }: Foundation,
  city: CitiesAndModel,
  geocoding: Geocoding,
  { historical }: DataServices,
  { liveFeeds, referenceYears }: Feeds,
) {
  const pdf = overrides.pdf ?? createThreadedPdfRenderer({ executablePath: config.chromiumPath });
  const reports = createReportService({
    store: createReportJobStore(stores.database.db),
    // REDIS_URL: one queue shared by every instance (BullMQ); else this process's FIFO
    queue: config.redisUrl
      ? (await import('../adapters/queue/bullmq.ts')).createBullmqQueue({
          redisUrl: config.redisUrl,
          prefix: `${config.redisPrefix}bull`,
          concurrency: 2,
          faults,
          logger: log.child({ component: 'queue' }),
        })
      : createInProcessQueue({ concurrency: 2 }),
    counters: stores.quotas,
    pdf,
    cities: city.currentCities,
    // the historical statistics implement the reports' port (services/reports/statistics-port.ts)
    statistics: historical,
    resolveAddress: (address, lang) => geocoding.resolveAddress(address, lang),
    reverseLabel: (lat, lon, lang) => geocoding.reverseLabel(lat, lon, lang),
    fonts: loadReportFonts(),
    // the location map's streets: the basemap's roads of the same packages
    siteMap: createSiteMapProvider(
      city.model,
      city.currentCities,
      city.nationalClimate.timeZone,
      city.packageOf,
    ),
    liveCredits: () => liveFeeds.live.attributions(),
    stationYear: stationYearLookup(() => referenceYears.current()),
    clock,
    logger: log.child({ component: 'reports' }),
    telemetry,
    // a dead instance's job moves on within lease + sweep (≈ 9 s); live workers renew every 2 s
    leaseMs: REPORT_LEASE.leaseMs,
    sweepIntervalMs: REPORT_LEASE.sweepMs,
  });
  // the report worker hands its running job back, so before the stores close
  closers.working.push({
    name: 'report queue',
    dependency: config.redisUrl ? 'redis' : 'report worker',
    close: () => reports.close(),
    abandon: () => reports.abandon(),
  });
  closers.computing.push({ name: 'pdf renderer', dependency: 'chromium', close: () => pdf.close() });
  return { pdf, reports };
}

export type ReportParts = Awaited<ReturnType<typeof wireReports>>;
