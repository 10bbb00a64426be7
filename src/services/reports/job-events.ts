import { DISABLED_METRICS, type Metrics } from '../ports/telemetry-port.ts';
import type { ReportJob } from './report-job-store-port.ts';

/** The structured logger the report service writes to (a pino child in production). */
export interface JobLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

const SILENT: JobLogger = { info() {}, warn() {}, error() {} };

/** What every line about one job carries: never the address, the coordinates or the key. */
type JobRef = Pick<ReportJob, 'id' | 'requestId' | 'attempts'>;

function refFields(job: JobRef): Record<string, unknown> {
  return { job_id: job.id, request_id: job.requestId, attempt: job.attempts };
}

/** An error as a log field: its class and code, not its message (which may quote user input). */
function errorFields(error: unknown): Record<string, unknown> {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    error: error instanceof Error ? error.name : typeof error,
    ...(typeof code === 'string' ? { error_code: code } : {}),
  };
}

/**
 * One JSON log line and the matching metrics per report-job event, so the call sites in
 * the service and the worker stay one line each. Each line has `event` (`job.accepted`,
 * `job.claimed`, …), `job_id`, the `request_id` of the POST that created the job, the
 * `attempt` number and, where it means something, `duration_ms`.
 */
export function createJobEvents(logger: JobLogger = SILENT, metrics: Metrics = DISABLED_METRICS) {
  const seen = (event: string) => metrics.count('svc_report_job_events_total', { event });
  const seconds = (ms: number) => Math.max(0, ms) / 1000;
  return {
    accepted(job: JobRef, durationMs: number, lang: string): void {
      seen('accepted');
      logger.info(
        { event: 'job.accepted', ...refFields(job), duration_ms: durationMs, lang },
        'report job accepted',
      );
    },
    queued(job: JobRef): void {
      logger.info({ event: 'job.queued', ...refFields(job) }, 'report job queued');
    },
    enqueueFailed(job: JobRef, error: unknown): void {
      seen('enqueue_failed');
      logger.warn(
        { event: 'job.enqueue_failed', ...refFields(job), ...errorFields(error) },
        'report enqueue failed; the sweep will resume the job',
      );
    },
    claimed(job: ReportJob, nowMs: number): void {
      seen('claimed');
      // the first claim ends the queued stage; later ones (retries, resumes) report the age
      const sinceAcceptedMs = nowMs - job.createdMs;
      if (job.attempts === 1)
        metrics.observe('svc_report_stage_seconds', seconds(sinceAcceptedMs), { stage: 'queued' });
      logger.info(
        { event: 'job.claimed', ...refFields(job), stage: job.stage, duration_ms: sinceAcceptedMs },
        'report job claimed',
      );
    },
    stage(job: JobRef, stage: 'delivering', previous: 'running', durationMs: number): void {
      metrics.observe('svc_report_stage_seconds', seconds(durationMs), { stage: previous });
      logger.info(
        { event: 'job.stage', ...refFields(job), stage, previous_stage: previous, duration_ms: durationMs },
        `report job ${stage}`,
      );
    },
    pdfRendered(ok: boolean, origin: 'worker' | 'poll', durationMs: number): void {
      metrics.observe('svc_report_pdf_render_seconds', seconds(durationMs), {
        outcome: ok ? 'ok' : 'error',
        origin,
      });
    },
    completed(job: ReportJob, nowMs: number, deliveringMs: number): void {
      seen('completed');
      metrics.observe('svc_report_stage_seconds', seconds(deliveringMs), { stage: 'delivering' });
      metrics.observe('svc_report_stage_seconds', seconds(nowMs - job.createdMs), { stage: 'total' });
      logger.info(
        {
          event: 'job.completed',
          ...refFields(job),
          duration_ms: nowMs - job.createdMs,
          pdf_ms: deliveringMs,
        },
        'report job completed',
      );
    },
    pdfPending(job: JobRef, error: unknown, durationMs: number): void {
      seen('pdf_pending');
      logger.warn(
        { event: 'job.pdf_pending', ...refFields(job), duration_ms: durationMs, ...errorFields(error) },
        'report PDF rendering failed; polls will retry it',
      );
    },
    pdfRetried(job: JobRef, ok: boolean, durationMs: number, error?: unknown): void {
      seen('pdf_retried');
      const fields = {
        event: 'job.pdf_retried',
        ...refFields(job),
        outcome: ok ? 'ok' : 'failed',
        duration_ms: durationMs,
      };
      if (ok) logger.info(fields, 'report PDF printed on retry');
      else logger.warn({ ...fields, ...errorFields(error) }, 'report PDF retry failed');
    },
    retryScheduled(job: JobRef, delayMs: number, error: unknown): void {
      seen('retry_scheduled');
      metrics.count('svc_report_retries_total', {});
      logger.warn(
        { event: 'job.retry_scheduled', ...refFields(job), delay_ms: delayMs, ...errorFields(error) },
        'report job failed transiently; retrying',
      );
    },
    failed(job: JobRef, reason: string, durationMs: number, error?: unknown): void {
      seen('failed');
      metrics.count('svc_report_failures_total', { reason });
      const fields = { event: 'job.failed', ...refFields(job), reason, duration_ms: durationMs };
      if (reason === 'internal') logger.error({ ...fields, err: error }, 'report job failed');
      else logger.warn(fields, 'report job failed');
    },
    leaseLost(job: JobRef, where: 'heartbeat' | 'complete'): void {
      seen('lease_lost');
      logger.warn({ event: 'job.lease_lost', ...refFields(job), where }, 'report job lease lost');
    },
    requeuedBySweep(jobIds: readonly string[]): void {
      if (jobIds.length === 0) return;
      metrics.count('svc_report_sweep_requeues_total', {}, jobIds.length);
      for (const jobId of jobIds) {
        seen('requeued_by_sweep');
        logger.info({ event: 'job.requeued_by_sweep', job_id: jobId }, 'report job re-queued by the sweep');
      }
    },
    sweep(requeued: number, purged: number, durationMs: number): void {
      if (requeued === 0 && purged === 0) return;
      logger.info({ event: 'sweep', requeued, purged, duration_ms: durationMs }, 'report sweep');
    },
    sweepFailed(error: unknown): void {
      logger.warn({ event: 'sweep.failed', ...errorFields(error) }, 'report sweep failed');
    },
  };
}

export type JobEvents = ReturnType<typeof createJobEvents>;
