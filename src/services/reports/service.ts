import { randomUUID } from 'node:crypto';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { withinDeadline } from '../../domain/errors/deadline.ts';
import { Formatters } from '../../domain/reports/format.ts';
import { reportFilename } from '../../domain/reports/slug.ts';
import { DISABLED_TRACING } from '../ports/telemetry-port.ts';
import { generateReport } from './generate-job.ts';
import { createJobEvents } from './job-events.ts';
import { completedView } from './job-view.ts';
import { printPdf } from './print-pdf.ts';
import { nextUtcMidnight, quotaCounterName } from './quota.ts';
import type { ReportJob } from './report-job-store-port.ts';
import { locateReport, reportMetrics } from './report-location.ts';
import { assertJobId, parseReportRequest } from './request.ts';
import {
  DAY_MS,
  type Download,
  RETENTION_DAYS,
  type ReportService,
  type ReportServiceDeps,
} from './types.ts';
import { warmUpReports } from './warm-up.ts';

export * from './types.ts';

const CONTENT_TYPES = { html: 'text/html; charset=utf-8', pdf: 'application/pdf' } as const;

/**
 * Reports, the use case: accept a job (coverage, then scopes, then quota, then persist, then
 * enqueue), run it on the queue's worker, answer polls by the spec's state table
 * (including the PDF retried on each poll while pending), serve downloads, purge after
 * 30 days. The database holds every job, so a restart loses nothing.
 */
export function createReportService(deps: ReportServiceDeps): ReportService {
  const clock = deps.clock ?? Date.now;
  const newId = deps.newId ?? randomUUID;
  const classify = deps.classify ?? ((lat: number, lon: number) => classifyPoint(deps.cities(), lat, lon));
  const leaseMs = deps.leaseMs ?? 30_000;
  const maxAttempts = deps.maxAttempts ?? 3;
  const retryDelayMs = deps.retryDelayMs ?? 5_000;
  const pollRenderTimeoutMs = deps.pollRenderTimeoutMs ?? 15_000;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 60_000;
  const { store, queue } = deps;
  const events = createJobEvents(deps.logger, deps.telemetry?.metrics);
  const tracing = deps.telemetry?.tracing ?? DISABLED_TRACING;
  const timers = new Set<NodeJS.Timeout>();
  /** PDF retries in flight in this process, so concurrent polls share one print */
  const pdfRetries = new Map<string, Promise<'ready' | 'unavailable'>>();
  /** the report formatters of each language and time zone, kept from one report to the next */
  const formatters = new Formatters();
  let sweepTimer: NodeJS.Timeout | null = null;
  let lastPurgeMs = 0;
  let closed = false;

  const requeue = (jobId: string, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) queue.enqueue({ v: 1, jobId }).catch(() => {});
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  function refund(counter: string, attempt = 0): void {
    deps.counters.decrement(counter, 1).catch((error: unknown) => {
      if (attempt >= 60) {
        deps.logger?.error({ err: error }, 'report quota unit could not be refunded');
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        refund(counter, attempt + 1);
      }, 1000);
      timer.unref();
      timers.add(timer);
    });
  }

  async function handBack(jobId: string): Promise<void> {
    try {
      await store.release(jobId, clock());
    } catch (error) {
      // the lease lapses by itself and the sweep of a live instance resumes the job
      deps.logger?.warn({ jobId, err: error }, 'report job not handed back; its lease will lapse');
      return;
    }
    // released: a shared queue delivers it to another instance now; a closed in-process
    // queue refuses, and the next start (or any sweep) resumes the released job
    await queue.enqueue({ v: 1, jobId }).catch(() => {});
  }

  async function ownedJob(keyId: string, jobId: string): Promise<ReportJob> {
    assertJobId(jobId);
    const job = await store.get(jobId);
    // another key's job is treated like a missing one: a 404 reveals nothing
    if (!job || job.keyId !== keyId) throw apiError('not_found', 'No report job with this id.');
    if (job.expiresMs <= clock())
      throw apiError('not_found', 'This report has expired (files are kept 30 days).');
    return job;
  }

  /** prints the stored HTML again; 'ready' once the PDF is stored */
  function retryPdf(job: ReportJob): Promise<'ready' | 'unavailable'> {
    const jobId = job.id;
    const running = pdfRetries.get(jobId);
    if (running) return running;
    const attempt = (async () => {
      const html = await store.readFile(jobId, 'html');
      if (typeof html !== 'string') return 'unavailable' as const;
      const printed = await printPdf({ deps, clock, events, tracing }, job, html, 'poll');
      if (!printed.printed) {
        events.pdfRetried(job, false, printed.durationMs, printed.error);
        return 'unavailable' as const;
      }
      events.pdfRetried(job, true, printed.durationMs);
      return 'ready' as const;
    })().finally(() => pdfRetries.delete(jobId));
    pdfRetries.set(jobId, attempt);
    return attempt;
  }

  const service: ReportService = {
    async submit({ keyId, reportsPerDay, scope, body, requestId }) {
      const submittedMs = clock();
      const request = parseReportRequest(body);
      // 1. coverage, before anything is counted or started
      const { lat, lon, label, coverage } = await locateReport(request, deps.resolveAddress, classify);
      // 2. what the key may read there, and whether it can be sampled at all, before anything is counted
      const metrics = reportMetrics(scope, coverage);
      deps.statistics.assertSampleable({ lat, lon }, request.radius, request.radiusGiven);
      // 3. the daily quota, consumed atomically: concurrent posts can never over-issue
      const now = clock();
      const counter = quotaCounterName(keyId, now);
      const resetMs = nextUtcMidnight(now);
      const quota = await deps.counters.incrementWithin(counter, 1, reportsPerDay, resetMs);
      if (!quota.applied) {
        const retryAfter = Math.max(1, Math.ceil((resetMs - now) / 1000));
        throw apiError(
          'quota_exceeded',
          `The daily quota of ${reportsPerDay} report${reportsPerDay === 1 ? '' : 's'} is used up; it resets at midnight UTC.`,
          { headers: { 'Retry-After': String(retryAfter) } },
        );
      }
      // 4. persist before answering, so an accepted job survives anything that follows
      const id = newId();
      try {
        await store.insert({
          id,
          keyId,
          lang: request.lang,
          address: request.address,
          label,
          lat,
          lon,
          radius: request.radius,
          metrics,
          nowMs: now,
          expiresMs: now + RETENTION_DAYS * DAY_MS,
          requestId: requestId ?? null,
          traceContext: tracing.currentContext(),
        });
      } catch (error) {
        // the job was not accepted: its quota unit goes back, even if the database that
        // refused the insert needs a few seconds to take the refund too
        refund(counter);
        throw error;
      }
      const ref = { id, requestId: requestId ?? null, attempts: 0 };
      events.accepted(ref, clock() - submittedMs, request.lang);
      // 5. enqueue; if the queue refuses, the job is in the database and the sweep runs it
      await queue.enqueue({ v: 1, jobId: id }).then(
        () => events.queued(ref),
        (error: unknown) => events.enqueueFailed(ref, error),
      );
      return { job_id: id, status: 'processing', stage: 'queued', links: { status: `/v1/reports/${id}` } };
    },

    async get(keyId, jobId) {
      const job = await ownedJob(keyId, jobId);
      if (job.status === 'failed') {
        return {
          job_id: job.id,
          status: 'failed',
          detail: job.detail ?? 'The report could not be generated.',
        };
      }
      if (job.status === 'completed' && job.hasPdf) return completedView(job, 'ready');
      if (job.hasHtml && job.pdfPending) {
        // the state table: the first poll after the HTML is ready prints the PDF, and
        // every later poll retries while it is still pending
        // a print that fails or outlasts the poll's budget leaves the PDF pending
        const pdf = await withinDeadline(
          retryPdf(job).catch(() => 'unavailable' as const),
          pollRenderTimeoutMs,
          () => 'still-printing' as const,
        );
        if (pdf !== 'ready' && job.status === 'processing') await store.completePending(job.id, clock());
        return completedView(job, pdf);
      }
      if (job.status === 'completed') return completedView(job, job.hasPdf ? 'ready' : 'still-printing');
      return { job_id: job.id, status: 'processing', stage: job.stage ?? 'queued' };
    },

    async download(keyId, jobId, format): Promise<Download> {
      if (format !== 'html' && format !== 'pdf')
        throw apiError('validation_error', 'format must be html or pdf.');
      const job = await ownedJob(keyId, jobId);
      const ready = job.status !== 'failed' && (format === 'html' ? job.hasHtml : job.hasPdf);
      if (!ready)
        throw apiError('not_found', `The ${format.toUpperCase()} file of this report is not generated yet.`);
      const body = await store.readFile(jobId, format);
      if (body === null)
        throw apiError('not_found', `The ${format.toUpperCase()} file of this report is gone.`);
      return { contentType: CONTENT_TYPES[format], filename: reportFilename(job.label, format), body };
    },

    purgeExpired(nowMs) {
      return store.purgeExpired(nowMs ?? clock());
    },

    async resumeInterrupted() {
      const ids = await store.listUnheld(clock());
      for (const jobId of ids) await queue.enqueue({ v: 1, jobId });
      events.requeuedBySweep(ids);
      return ids.length;
    },

    async start() {
      queue.start(async (message, signal) => {
        const outcome = await generateReport(message.jobId, signal, {
          deps,
          clock,
          formatters,
          leaseMs,
          maxAttempts,
          retryDelayMs,
          requeue,
          events,
          tracing,
        });
        // shutting down mid-job (this worker holds it): hand the job back at once (free
        // lease, message queued again) so another instance takes it now, not after the lease lapses
        if (outcome === 'interrupted') await handBack(message.jobId);
      });
      deps.telemetry?.metrics.sample('svc_report_queue_depth', async () => {
        const depth = (await queue.depth?.()) ?? { waiting: 0, active: 0, delayed: 0 };
        // a retry waiting on this process's timer is a delayed message too
        const delayed = depth.delayed + timers.size;
        return [
          [{ state: 'waiting' }, depth.waiting],
          [{ state: 'active' }, depth.active],
          [{ state: 'delayed' }, delayed],
        ] as const;
      });
      await service.resumeInterrupted();
      if (sweepIntervalMs > 0) {
        sweepTimer = setInterval(() => {
          void (async () => {
            const startedMs = clock();
            const requeued = await service.resumeInterrupted();
            let purged = 0;
            if (clock() - lastPurgeMs >= 3_600_000) {
              lastPurgeMs = clock();
              purged = await service.purgeExpired();
            }
            events.sweep(requeued, purged, clock() - startedMs);
          })().catch((error: unknown) => events.sweepFailed(error));
        }, sweepIntervalMs);
        sweepTimer.unref();
      }
    },

    warmUp() {
      return warmUpReports(deps, clock, formatters);
    },

    async idle() {
      // a retry waiting on its timer counts as work not done yet
      for (;;) {
        await queue.drained();
        if (timers.size === 0 || closed) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },

    async close() {
      closed = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      try {
        await queue.close();
      } finally {
        await Promise.allSettled([...pdfRetries.values()]);
      }
    },
    abandon() {
      closed = true;
      queue.abandon?.();
    },
  };
  return service;
}
