import { type SvcClient, unwrap } from './client.js';
import { SvcApiError } from './errors.js';
import type { components } from './openapi.js';

export type ReportJob = components['schemas']['ReportJob'];
export type ReportRequest = components['schemas']['ReportRequest'];

export interface WaitOptions {
  /**
   * the longest wait between polls; default 2 s. The first poll after the POST's answer
   * comes after FIRST_POLL_MS and each wait is 1.5 times the one before up to this, so a
   * report ready in 0.4 s is seen ~0.1 s later, not up to 2 s later (a warm report takes
   * a few hundred milliseconds), while a long one is polled no more often than this.
   */
  intervalMs?: number | undefined;
  /** give up after; default 10 minutes */
  timeoutMs?: number | undefined;
  /** also wait for the PDF (rendered on the polls after the HTML is ready); default true */
  pdf?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** the first wait between two polls, in milliseconds */
export const FIRST_POLL_MS = 100;

/** the wait before the next poll: 1.5 times the last one, from FIRST_POLL_MS, capped at `intervalMs` */
export function nextPollDelay(previousMs: number | undefined, intervalMs: number): number {
  const next = previousMs === undefined ? FIRST_POLL_MS : previousMs * 1.5;
  return Math.min(intervalMs, Math.round(next));
}

/** Polls a report job until it is completed (with its PDF unless `pdf: false`); `failed` throws. */
export async function waitForReport(
  client: SvcClient,
  jobId: string,
  options: WaitOptions = {},
): Promise<ReportJob> {
  const { intervalMs = 2000, timeoutMs = 600_000, pdf = true, signal } = options;
  const deadline = Date.now() + timeoutMs;
  let delayMs: number | undefined;
  for (;;) {
    const job = await unwrap(
      client.GET('/reports/{job_id}', { params: { path: { job_id: jobId } }, signal: signal ?? null }),
    );
    if (job.status === 'failed')
      throw new SvcApiError(200, 'report_failed', job.detail ?? 'The report failed.');
    if (job.status === 'completed' && (!pdf || job.files?.pdf)) return job;
    delayMs = nextPollDelay(delayMs, intervalMs);
    if (Date.now() + delayMs > deadline) {
      throw new SvcApiError(
        0,
        'upstream_timeout',
        `Report ${jobId} was not completed within ${timeoutMs} ms.`,
      );
    }
    await sleep(delayMs, signal);
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
