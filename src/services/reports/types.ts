import type { Coverage } from '../../domain/coverage/classify.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import type { StationYearMeans } from '../../domain/live/station-year.ts';
import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import type { ReportFont } from '../../domain/reports/styles.ts';
import type { Counters } from '../ports/counters-port.ts';
import type { Telemetry } from '../ports/telemetry-port.ts';
import type { JobLogger as ReportLogger } from './job-events.ts';
import type { JobQueue } from './job-queue-port.ts';
import type { JobView } from './job-view-schema.ts';
import type { PdfRenderer } from './pdf-renderer-port.ts';
import type { ReportJobStore } from './report-job-store-port.ts';
import type { SubmitResult } from './request.ts';
import type { SiteMapProvider } from './site-map.ts';
import type { ReportStatistics } from './statistics-port.ts';

export type { JobLogger as ReportLogger } from './job-events.ts';
export type { JobView } from './job-view-schema.ts';
export type { ReportLocation, ReportStatistics } from './statistics-port.ts';

export interface ReportServiceDeps {
  store: ReportJobStore;
  queue: JobQueue;
  counters: Counters;
  pdf: PdfRenderer;
  /** the statistics a report prints, whether its location can be sampled, and their credit */
  statistics: ReportStatistics;
  /**
   * forward geocoding of the posted address, labelled in the report's language where the
   * gazetteer has one; throws apiError('outside_coverage') when not covered
   */
  resolveAddress(address: string, lang: ReportLang): Promise<{ label: string; lat: number; lon: number }>;
  /** label for posted coordinates in the report's language; a failure falls back to 'lat, lon' */
  reverseLabel(lat: number, lon: number, lang: ReportLang): Promise<string>;
  /** the live city registry: a report's city (its time zone, its grid) and the coverage of its place */
  cities: Cities;
  /** coverage of posted coordinates; defaults to the shared classifier on `cities` */
  classify?: (lat: number, lon: number) => Coverage;
  /** the configured live feeds' credits, printed beside the attribution (none without FEED_*) */
  liveCredits?: () => readonly string[];
  /**
   * the nearest station's measured annual means in the backfilled reference year `year` of
   * a model domain (a city id, or `belgium`); null when that year is not the domain's
   * backfilled one or no station measured enough of it (services/reports/station-year.ts)
   */
  stationYear?: (domain: string, year: number, at: { lat: number; lon: number }) => StationYearMeans | null;
  /** the location map's data for the cover (buildings, sampled cells, a data layer); no map without it */
  siteMap?: SiteMapProvider;
  /** the embedded fonts, static weights as data URLs */
  fonts?: readonly ReportFont[];
  clock?: () => number;
  newId?: () => string;
  /** job event lines (a child logger of the process's) */
  logger?: ReportLogger;
  /** metrics and spans of the jobs; off when absent */
  telemetry?: Telemetry;
  /** how long a worker holds a job between heartbeats (default 30 s) */
  leaseMs?: number;
  /** attempts before a job fails (default 3) */
  maxAttempts?: number;
  /** wait before a job whose statistics back end timed out is tried again (default 5 s × attempt) */
  retryDelayMs?: number;
  /** how long a poll waits for its PDF retry before answering pdf_pending (default 15 s) */
  pollRenderTimeoutMs?: number;
  /** how often unheld jobs are resumed and expired ones purged (default 60 s; 0 = never) */
  sweepIntervalMs?: number;
}

export interface SubmitInput {
  keyId: string;
  reportsPerDay: number;
  /** the key's city and metric scopes: a report reads only what the key may read */
  scope: { readonly cities: readonly string[]; readonly metrics: readonly string[] };
  body: unknown;
  /** the id of the HTTP request that submits the job, carried by every job log line */
  requestId?: string;
}

export type { SubmitResult };

export interface Download {
  contentType: string;
  filename: string;
  body: string | Buffer;
}

export interface ReportService {
  submit(input: SubmitInput): Promise<SubmitResult>;
  get(keyId: string, jobId: string): Promise<JobView>;
  download(keyId: string, jobId: string, format: 'html' | 'pdf'): Promise<Download>;
  /** deletes jobs and files past retention; returns how many */
  purgeExpired(nowMs?: number): Promise<number>;
  /** re-enqueues processing jobs nobody holds (after a restart or a dead worker); returns how many */
  resumeInterrupted(): Promise<number>;
  /** starts the worker and the periodic sweep, and resumes interrupted jobs */
  start(): Promise<void>;
  /**
   * builds and prints one report for a fixed location and keeps nothing, so that the
   * first report a caller orders does not pay for Chromium's start and the first run of
   * every stage (REPORTS_WARM_AT_START); rejects when a stage fails
   */
  warmUp(): Promise<void>;
  /** resolves when the local queue has nothing waiting or running */
  idle(): Promise<void>;
  /**
   * stops the sweep and the worker (a running job is handed back) and closes the queue;
   * throws when the queue's server could not be told goodbye. The PDF renderer is the
   * caller's to close, after this.
   */
  close(): Promise<void>;
  /** drops the queue's connections at once (a shutdown past its deadline) */
  abandon(): void;
}

export const RETENTION_DAYS = 30;
export const DAY_MS = 86_400_000;
