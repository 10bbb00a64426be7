import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import type { ReportJob } from './report-job-store-port.ts';
import { type JobView, RETENTION_DAYS } from './types.ts';

/**
 * A completed job as a poll shows it: the HTML's link always, the PDF's once it is stored,
 * else `pdf_pending` (the spec's state table; the next poll prints it again).
 */
export function completedView(job: ReportJob, pdfReady: boolean): JobView {
  const base = `/v1/reports/${job.id}/download`;
  return {
    job_id: job.id,
    status: 'completed',
    address: job.label ?? '',
    lang: job.lang as ReportLang,
    files: pdfReady
      ? { html: { url: `${base}?format=html` }, pdf: { url: `${base}?format=pdf` } }
      : { html: { url: `${base}?format=html` } },
    ...(pdfReady ? {} : { pdf_pending: true as const }),
    expires_in_days: RETENTION_DAYS,
  };
}
