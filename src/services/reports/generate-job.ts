import { coordinateLabel } from '../../domain/coverage/rounding.ts';
import { translateFailure } from '../../domain/errors/translate.ts';
import { NATIONAL_DOMAIN } from '../../domain/grid/model-data.ts';
import type { Formatters } from '../../domain/reports/format.ts';
import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import { weatherOfYear } from '../../domain/reports/sections/weather-year.ts';
import { limitToMetrics } from '../../domain/reports/stats.ts';
import { renderReportHtml } from '../../domain/reports/template.ts';
import type { Tracing } from '../ports/telemetry-port.ts';
import type { JobEvents } from './job-events.ts';
import { printPdf } from './print-pdf.ts';
import { quotaCounterName } from './quota.ts';
import type { ReportJob } from './report-job-store-port.ts';
import { DAY_MS, RETENTION_DAYS, type ReportServiceDeps } from './types.ts';

/**
 * The one job type of the report queue: statistics → HTML (stage running) → PDF (stage
 * delivering) → completed. Payload version 1 carries only the job id. Retry policy:
 * a timeout or failure of the compute back end is retried after a delay, up to
 * `maxAttempts`; anything else is permanent and fails the job with a detail at once.
 * A crash anywhere leaves the job with a lapsing lease, and the sweep resumes it.
 */
export const QUEUE_NAME = 'reports';

const TRANSIENT: ReadonlySet<string> = new Set([
  'upstream_timeout',
  'upstream_error',
  'upstream_unavailable',
]);

export class PermanentJobError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'PermanentJobError';
  }
}

export interface GenerateOptions {
  deps: ReportServiceDeps;
  clock: () => number;
  /** the service's report formatters, kept from one report to the next (domain/reports/format.ts keeps none) */
  formatters: Formatters;
  leaseMs: number;
  maxAttempts: number;
  retryDelayMs: number;
  /** enqueue the job again after `delayMs` (retry of a transient failure) */
  requeue(jobId: string, delayMs: number): void;
  /** job log lines and metrics */
  events: JobEvents;
  tracing: Tracing;
}

/** Why a job failed, as a metric label: the error code that ended it, or a fixed word. */
function failureReason(error: unknown, code: string | undefined): string {
  if (error instanceof PermanentJobError) return 'permanent';
  return code ?? 'internal';
}

export async function generateReport(
  jobId: string,
  signal: AbortSignal,
  options: GenerateOptions,
): Promise<'interrupted' | undefined> {
  const { deps, clock, leaseMs } = options;
  const job = await deps.store.claim(jobId, clock(), clock() + leaseMs);
  if (!job) return undefined; // finished, or another worker holds it
  options.events.claimed(job, clock());
  // the worker's spans join the trace of the POST that created the job
  return await options.tracing.inSpan(
    'report.generate',
    { 'svc.job_id': job.id, 'svc.attempt': job.attempts },
    () => runClaimed(job, signal, options),
    job.traceContext,
  );
}

async function runClaimed(
  job: ReportJob,
  signal: AbortSignal,
  options: GenerateOptions,
): Promise<'interrupted' | undefined> {
  const { deps, clock, leaseMs, maxAttempts, events } = options;
  const { store } = deps;
  const jobId = job.id;
  const retention = () => clock() + RETENTION_DAYS * DAY_MS;
  if (job.attempts > maxAttempts) {
    if (job.hasHtml) await store.markPdfPending(jobId, clock(), retention());
    else {
      const failedNow = await store.fail(
        jobId,
        `The report could not be generated after ${maxAttempts} attempts.`,
        clock(),
        refundCounter(job),
      );
      // a late or duplicate writer changes nothing, and is neither logged nor counted
      if (failedNow) events.failed(job, 'attempts_exhausted', clock() - job.createdMs);
      return;
    }
    events.failed(job, 'attempts_exhausted_pdf', clock() - job.createdMs);
    return;
  }
  // From the run's final write on (complete, PDF pending, fail, release), a heartbeat
  // still in flight finds the job finished or unleased by this very run: that is not a
  // lost lease, and the final write's own result says whether the job was taken away.
  let ending = false;
  const heartbeat = setInterval(
    () => {
      store.heartbeat(jobId, clock() + leaseMs).then(
        (held) => {
          if (!held && !ending && !signal.aborted) events.leaseLost(job, 'heartbeat');
        },
        () => {},
      );
    },
    Math.max(1000, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  const stopHeartbeat = () => {
    ending = true;
    clearInterval(heartbeat);
  };
  // a browser that is not running yet starts while the HTML is built, not after it
  void deps.pdf.warmUp?.();
  try {
    let html: string;
    if (job.hasHtml && job.stage === 'delivering') {
      html = (await store.readFile(jobId, 'html')) as string;
    } else {
      const runningMs = clock();
      const built = await buildHtml(job, options);
      if (signal.aborted) return 'interrupted';
      html = built.html;
      await store.saveHtml(jobId, html, built.label, clock());
      events.stage(job, 'delivering', 'running', clock() - runningMs);
    }
    if (signal.aborted) return 'interrupted';
    const printed = await printPdf(options, job, html, 'worker', stopHeartbeat);
    if (!printed.printed) {
      await store.markPdfPending(jobId, clock(), retention());
      events.pdfPending(job, printed.error, printed.durationMs);
    } else if (printed.stored) events.completed(job, clock(), printed.durationMs);
    else events.leaseLost(job, 'complete');
  } catch (error) {
    if (signal.aborted) return 'interrupted';
    stopHeartbeat();
    const failure = translateFailure(error, 'reports');
    if (failure && TRANSIENT.has(failure.code) && job.attempts < maxAttempts) {
      const delay = options.retryDelayMs * job.attempts;
      // the delay lives in this process's timer; if the process dies first, the sweep
      // elsewhere (or the restart) finds the released job and retries it
      await store.release(jobId, clock());
      options.requeue(jobId, delay);
      events.retryScheduled(job, delay, error);
      return;
    }
    const detail =
      error instanceof PermanentJobError
        ? error.detail
        : (failure?.detail ?? 'The report could not be generated because of an internal error.');
    if (await store.fail(jobId, detail, clock(), refundCounter(job))) {
      // an unexplained error ('internal') is logged with its stack by the event
      events.failed(job, failureReason(error, failure?.code), clock() - job.createdMs, error);
    }
  } finally {
    stopHeartbeat();
  }
}

/**
 * A failed job gives back the quota unit it was counted against (its day's counter): the
 * reader got nothing, so nothing is charged. The store does it in the failure's own
 * transaction, once.
 */
function refundCounter(job: ReportJob): string {
  return quotaCounterName(job.keyId, job.createdMs);
}

/** what building a report's page reads of its job */
export type HtmlInput = Pick<
  ReportJob,
  'id' | 'lat' | 'lon' | 'radius' | 'label' | 'address' | 'lang' | 'metrics'
>;

export async function buildHtml(
  job: HtmlInput,
  options: Pick<GenerateOptions, 'deps' | 'clock' | 'formatters'>,
): Promise<{ html: string; label: string }> {
  const { deps, clock, formatters } = options;
  // the map needs neither the label nor the statistics: it is computed beside them, and
  // the map illustrates, so a report without it beats no report
  const siteMapping = deps
    .siteMap?.({ lat: job.lat, lon: job.lon, radius: job.radius })
    .catch((error: unknown) => {
      deps.logger?.warn(
        { jobId: job.id, err: error },
        'report location map failed; the report goes without it',
      );
      return undefined;
    });
  let label = job.label;
  if (!label) {
    // the spec: coordinates without an address get a reverse-geocoded label, else 'lat, lon'
    label = await deps
      .reverseLabel(job.lat, job.lon, job.lang as ReportLang)
      .catch(() => coordinateLabel(job.lat, job.lon));
    if (!label) label = coordinateLabel(job.lat, job.lon);
  }
  // an accepted report never fails for want of outdoor cells: the radius it was posted
  // with was checked (assertSampleable), and a default one widens to the nearest outdoor cells
  const stats = limitToMetrics(
    await deps.statistics.statsForLocation(
      { address: job.address === null ? null : label, lat: job.lat, lon: job.lon },
      job.radius,
      false,
    ),
    job.metrics,
  );
  const lang = job.lang as ReportLang;
  const attribution = deps.statistics.attributionOf(stats, lang);
  const liveCredits = deps.liveCredits?.() ?? [];
  const siteMap = await siteMapping;
  // measured beside modelled only when the year is one that happened (a backfilled year)
  const domain = stats.meta.dataset === 'belgium_lowres' ? NATIONAL_DOMAIN : stats.city?.id;
  const stationYear =
    weatherOfYear(stats.meta.sources)?.kind === 'measured' && domain !== undefined
      ? deps.stationYear?.(domain, stats.meta.reference_year, { lat: job.lat, lon: job.lon })
      : undefined;
  // the city the statistics came from, by its package: its time zone and grid size
  const city = stats.city ? deps.cities().find(stats.city.id) : undefined;
  const html = renderReportHtml(stats, lang, {
    formatters,
    jobId: job.id,
    ...(city ? { timeZone: city.timezone } : {}),
    ...(city?.map ? { cellSizeM: city.map.resolution_m } : {}),
    address: label,
    generatedAtMs: clock(),
    ...(attribution ? { attribution } : {}),
    ...(liveCredits.length > 0 ? { liveCredits } : {}),
    ...(deps.fonts ? { fonts: deps.fonts } : {}),
    ...(siteMap ? { siteMap } : {}),
    ...(stationYear ? { stationYear } : {}),
  });
  return { html, label };
}
