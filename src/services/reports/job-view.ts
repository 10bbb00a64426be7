import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import type { ReportJob } from './report-job-store-port.ts';
import { type JobView, RETENTION_DAYS } from './types.ts';

/** How the print a poll tried went, when the PDF is still not stored. */
export type PendingPdf = 'unavailable' | 'still-printing';

/**
 * What `detail` says beside `pdf_pending`: the client learns that the PDF is not merely
 * slow, and that polling again is what brings it. No internals (paths, browser errors):
 * those are the operator's, in the log and in readiness.
 */
const PENDING_DETAIL: Record<PendingPdf, string> = {
  unavailable:
    'The PDF could not be rendered: the PDF printer is unavailable. The HTML is ready; the PDF is printed on a later poll once the printer is back.',
  'still-printing': 'The PDF is still being rendered; poll again.',
};

/**
 * A completed job as a poll shows it: the HTML's link always, the PDF's once it is stored,
 * else `pdf_pending` with why (the spec's state table; the next poll prints it again).
 */
export function completedView(job: ReportJob, pdf: 'ready' | PendingPdf): JobView {
  const pdfReady = pdf === 'ready';
  const base = `/v1/reports/${job.id}/download`;
  return {
    job_id: job.id,
    status: 'completed',
    address: job.label ?? '',
    lang: job.lang as ReportLang,
    files: pdfReady
      ? { html: { url: `${base}?format=html` }, pdf: { url: `${base}?format=pdf` } }
      : { html: { url: `${base}?format=html` } },
    ...(pdf === 'ready' ? {} : { pdf_pending: true as const }),
    expires_in_days: RETENTION_DAYS,
    ...(pdf === 'ready' ? {} : { detail: PENDING_DETAIL[pdf] }),
  };
}
