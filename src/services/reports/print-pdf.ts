import type { Tracing } from '../ports/telemetry-port.ts';
import type { JobEvents } from './job-events.ts';
import type { ReportJob } from './report-job-store-port.ts';
import { DAY_MS, RETENTION_DAYS, type ReportServiceDeps } from './types.ts';

export interface PrintContext {
  deps: Pick<ReportServiceDeps, 'pdf' | 'store'>;
  clock: () => number;
  events: JobEvents;
  tracing: Tracing;
}

export type Printed =
  | { printed: true; stored: boolean; durationMs: number }
  | { printed: false; error: unknown; durationMs: number };

/**
 * The one place a report's PDF is printed and stored: by the worker once the HTML is
 * built, and by a poll that finds the PDF pending. `beforeStore` runs between the print
 * and the write (the worker stops its heartbeat there, so a heartbeat in flight cannot
 * race the completion). `stored` is false when the job was no longer this writer's.
 * A failed print is reported, not thrown; a failed write throws (a database outage).
 */
export async function printPdf(
  context: PrintContext,
  job: ReportJob,
  html: string,
  origin: 'worker' | 'poll',
  beforeStore?: () => void,
): Promise<Printed> {
  const { deps, clock, events, tracing } = context;
  const startedMs = clock();
  let pdf: Buffer;
  try {
    pdf = await tracing.inSpan('pdf.render', { 'svc.job_id': job.id }, () => deps.pdf.render(html));
  } catch (error) {
    events.pdfRendered(false, origin, clock() - startedMs);
    beforeStore?.();
    return { printed: false, error, durationMs: clock() - startedMs };
  }
  events.pdfRendered(true, origin, clock() - startedMs);
  beforeStore?.();
  const stored = await deps.store.complete(job.id, pdf, clock(), clock() + RETENTION_DAYS * DAY_MS);
  return { printed: true, stored, durationMs: clock() - startedMs };
}
