import { type SvcClient, unwrap } from './client.ts';
import { SvcApiError } from './errors.ts';
import type { components } from './openapi.ts';

export type ReportJob = components['schemas']['ReportJob'];
export type ReportRequest = components['schemas']['ReportRequest'];

export interface WaitOptions {
  /** between polls; default 2 s */
  intervalMs?: number;
  /** give up after; default 10 minutes */
  timeoutMs?: number;
  /** also wait for the PDF (rendered on the polls after the HTML is ready); default true */
  pdf?: boolean;
  signal?: AbortSignal;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Polls a report job until it is completed (with its PDF unless `pdf: false`); `failed` throws. */
export async function waitForReport(
  client: SvcClient,
  jobId: string,
  options: WaitOptions = {},
): Promise<ReportJob> {
  const { intervalMs = 2000, timeoutMs = 600_000, pdf = true, signal } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await unwrap(
      client.GET('/reports/{job_id}', { params: { path: { job_id: jobId } }, signal }),
    );
    if (job.status === 'failed')
      throw new SvcApiError(200, 'report_failed', job.detail ?? 'The report failed.');
    if (job.status === 'completed' && (!pdf || job.files?.pdf)) return job;
    if (Date.now() + intervalMs > deadline) {
      throw new SvcApiError(
        0,
        'upstream_timeout',
        `Report ${jobId} was not completed within ${timeoutMs} ms.`,
      );
    }
    await sleep(intervalMs, signal);
  }
}

export interface ReportFile {
  /** from Content-Disposition: SVC_Report_{slug}.{html|pdf} */
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Downloads a completed report's file. */
export async function downloadReport(
  client: SvcClient,
  jobId: string,
  format: 'html' | 'pdf',
): Promise<ReportFile> {
  const result = await client.GET('/reports/{job_id}/download', {
    params: { path: { job_id: jobId }, query: { format } },
    parseAs: 'arrayBuffer',
  });
  if (!result.response.ok) {
    const problem = await result.response
      .clone()
      .json()
      .catch(() => result.error);
    throw SvcApiError.fromProblem(result.response.status, problem, result.response.statusText);
  }
  const disposition = result.response.headers.get('content-disposition') ?? '';
  return {
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? `report.${format}`,
    contentType: result.response.headers.get('content-type') ?? '',
    bytes: new Uint8Array(result.data as ArrayBuffer),
  };
}

/** Orders a report, waits for it, and downloads one of its files. */
export async function fetchReport(
  client: SvcClient,
  request: ReportRequest,
  format: 'html' | 'pdf' = 'pdf',
  options: WaitOptions = {},
): Promise<ReportFile> {
  const accepted = await unwrap(client.POST('/reports', { body: request }));
  await waitForReport(client, accepted.job_id, { ...options, pdf: format === 'pdf' });
  return downloadReport(client, accepted.job_id, format);
}
