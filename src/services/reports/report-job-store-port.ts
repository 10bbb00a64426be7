/**
 * What the report service and its job need of the job store, one named query per state
 * change. The implementation (adapters/store/report-jobs.ts) runs the same SQL on SQLite
 * and PostgreSQL.
 */
export type JobStatus = 'processing' | 'completed' | 'failed';
export type JobStage = 'queued' | 'running' | 'delivering';
export type ReportFormat = 'html' | 'pdf';

/** A job row without its files, plus whether each file is there. */
export interface ReportJob {
  id: string;
  keyId: string;
  status: JobStatus;
  stage: JobStage | null;
  lang: string;
  address: string | null;
  label: string | null;
  lat: number;
  lon: number;
  radius: number;
  /** the metrics the report shows (held by the key when it was accepted); null: all modelled */
  metrics: string[] | null;
  detail: string | null;
  hasHtml: boolean;
  hasPdf: boolean;
  pdfPending: boolean;
  attempts: number;
  leaseUntilMs: number | null;
  createdMs: number;
  updatedMs: number;
  expiresMs: number;
  /** the request that accepted the job (its id carries into the job's log lines) */
  requestId: string | null;
  /** W3C traceparent of the accepting request, so the job's spans join its trace */
  traceContext: string | null;
}

/** what a job is accepted with: the row's own fields, its metrics as held then, and the time */
export interface NewReportJob
  extends Pick<
      ReportJob,
      'id' | 'keyId' | 'lang' | 'address' | 'label' | 'lat' | 'lon' | 'radius' | 'expiresMs'
    >,
    Partial<Pick<ReportJob, 'requestId' | 'traceContext'>> {
  metrics: readonly string[];
  nowMs: number;
}

export interface ReportJobStore {
  insert(job: NewReportJob): Promise<void>;
  get(id: string): Promise<ReportJob | null>;
  /**
   * Takes a processing job whose lease is free or lapsed: counts an attempt, moves a
   * queued job to running and holds it until `leaseUntilMs`. Null when someone else
   * holds it or it is finished.
   */
  claim(id: string, nowMs: number, leaseUntilMs: number): Promise<ReportJob | null>;
  /** pushes the lease forward; false when the job is no longer held (finished, released or lost) */
  heartbeat(id: string, leaseUntilMs: number): Promise<boolean>;
  /** lets go of a processing job so that the next claim (a retry) can take it */
  release(id: string, nowMs: number): Promise<void>;
  /** stores the HTML and the address it describes; the job moves to delivering */
  saveHtml(id: string, html: string, label: string, nowMs: number): Promise<void>;
  /** the worker's PDF landed: completed, files kept until `expiresMs` */
  complete(id: string, pdf: Buffer, nowMs: number, expiresMs: number): Promise<boolean>;
  /** the worker gave up on the PDF; polls retry it (spec, States and transitions) */
  markPdfPending(id: string, nowMs: number, expiresMs: number): Promise<void>;
  /** first poll after the HTML is ready found no PDF: completed with pdf_pending */
  completePending(id: string, nowMs: number): Promise<void>;
  /**
   * The job failed: status failed with its detail. With `refundCounter` (the daily quota
   * counter that counted the job, in this same database) the unit comes back in the same
   * transaction, and only when this call moved the job out of processing: the refund is
   * atomic with the failure and happens once, however often a failure is written.
   * True when this call failed the job.
   */
  fail(id: string, detail: string, nowMs: number, refundCounter?: string): Promise<boolean>;
  /** ids of processing jobs nobody holds (never claimed, or their worker's lease lapsed) */
  listUnheld(nowMs: number): Promise<string[]>;
  readFile(id: string, format: ReportFormat): Promise<string | Buffer | null>;
  /** deletes jobs (and their files) whose retention ended; returns how many */
  purgeExpired(nowMs: number): Promise<number>;
}
