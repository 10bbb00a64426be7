import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { createSqlCounters } from '../../src/adapters/counters/sql.ts';
import { createInProcessQueue } from '../../src/adapters/queue/in-process.ts';
import { type OpenedDatabase, openDatabase } from '../../src/adapters/store/database.ts';
import { createReportJobStore } from '../../src/adapters/store/report-jobs.ts';
import { apiError } from '../../src/domain/errors/catalogue.ts';
import type { HistoricalStats } from '../../src/domain/reports/stats.ts';
import type { PdfRenderer } from '../../src/services/reports/pdf-renderer-port.ts';
import {
  createReportService,
  type ReportService,
  type ReportServiceDeps,
  type ReportStatistics,
} from '../../src/services/reports/service.ts';
import { embeddedCities } from './embedded-cities.ts';
import { createTempPostgres } from './postgres.ts';
import {
  BRUSSELS_ADDRESS,
  BRUSSELS_POINT,
  brusselsStats,
  NAMUR_ADDRESS,
  NAMUR_POINT,
  namurStats,
} from './report-stats.ts';

/** A database for one test: SQLite in a temporary DATA_DIR, or a fresh PostgreSQL database. */
export async function tempDatabase(
  kind: 'sqlite' | 'postgres',
): Promise<{ opened: OpenedDatabase; drop(): Promise<void> }> {
  if (kind === 'postgres') {
    const temp = await createTempPostgres();
    const opened = await openDatabase({ dataDir: '/nonexistent', databaseUrl: temp.url });
    return {
      opened,
      async drop() {
        await opened.close();
        await temp.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-reports-'));
  const opened = await openDatabase({ dataDir: dir });
  return {
    opened,
    async drop() {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Databases and harnesses of one kind for the tests of the enclosing suite, closed (last
 * first) after it. Call it inside a `describe`.
 */
export function suiteResources(kind: 'sqlite' | 'postgres') {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    /** one more thing to undo after the suite */
    onCleanup(cleanup: () => Promise<void>): void {
      cleanups.push(cleanup);
    },
    async database(): Promise<OpenedDatabase> {
      const db = await tempDatabase(kind);
      cleanups.push(() => db.drop());
      return db.opened;
    },
    async harness(options: Parameters<typeof startHarness>[0]): Promise<Harness> {
      const created = await startHarness(options);
      cleanups.push(() => created.close());
      return created;
    },
  };
}

/** A PDF renderer for lifecycle tests: fails while `failing` is set, counts its calls. */
export function controllableRenderer(options: { failing?: boolean } = {}) {
  const state = { failing: options.failing ?? false, calls: 0, closed: false };
  const renderer: PdfRenderer & { state: typeof state } = {
    state,
    async render(html) {
      state.calls += 1;
      if (state.failing) throw new Error('no browser can run here');
      return Buffer.from(`%PDF-1.4\n% fake PDF of ${html.length} characters\n%%EOF\n`);
    },
    async close() {
      state.closed = true;
    },
  };
  return renderer;
}

/** The statistics of one report's location, as a test writes them: one function. */
export type StatsProvider = (input: {
  lat: number;
  lon: number;
  radius: number;
  address: string | null;
}) => Promise<HistoricalStats>;

/**
 * The reports' statistics port around a test's function: every location can be sampled
 * and no city credit replaces the report's default attribution.
 */
export function statisticsOf(stats: StatsProvider): ReportStatistics {
  return {
    statsForLocation: ({ address, lat, lon }, radius) => stats({ lat, lon, radius, address }),
    assertSampleable() {},
    attributionOf: () => undefined,
  };
}

/** FIXTURE stats provider: Brussels numbers inside the Brussels zone, Namur's elsewhere. */
export const fixtureStats: StatsProvider = async ({
  lat,
  lon,
  radius,
  address,
}): Promise<HistoricalStats> => {
  const base = lat > 50.76 && lat < 50.92 && lon > 4.24 && lon < 4.49 ? brusselsStats() : namurStats();
  return { ...base, location: { address, lat, lon }, meta: { ...base.meta, radius_m: radius } };
};

/** FIXTURE geocoder: two known addresses; anything else is outside coverage. */
export async function fixtureResolve(address: string): Promise<{ label: string; lat: number; lon: number }> {
  if (address.toLowerCase().includes('grand-place')) return { label: BRUSSELS_ADDRESS, ...BRUSSELS_POINT };
  if (address.toLowerCase().includes('namur')) return { label: NAMUR_ADDRESS, ...NAMUR_POINT };
  throw apiError('outside_coverage', 'This address could not be resolved inside the covered area.');
}

export interface Harness {
  service: ReportService;
  opened: OpenedDatabase;
  renderer: ReturnType<typeof controllableRenderer>;
  now: { ms: number };
  close(): Promise<void>;
}

/** A report service on a real database with SQL counters and the in-process queue. */
export async function startHarness(options: {
  opened: OpenedDatabase;
  renderer?: PdfRenderer & { state: ReturnType<typeof controllableRenderer>['state'] };
  overrides?: Partial<ReportServiceDeps>;
  start?: boolean;
  now?: { ms: number };
}): Promise<Harness> {
  const now = options.now ?? { ms: Date.UTC(2026, 10, 20, 10, 0, 0) };
  const renderer = options.renderer ?? controllableRenderer();
  const clock = () => now.ms;
  const service = createReportService({
    cities: embeddedCities,
    store: createReportJobStore(options.opened.db),
    queue: createInProcessQueue({ concurrency: 2 }),
    counters: createSqlCounters(options.opened.db, clock),
    pdf: renderer,
    statistics: statisticsOf(fixtureStats),
    resolveAddress: fixtureResolve,
    reverseLabel: async () => 'Rue de la Loi 16, 1000 Bruxelles',
    clock,
    sweepIntervalMs: 0,
    retryDelayMs: 10,
    ...options.overrides,
  });
  if (options.start !== false) await service.start();
  return {
    service,
    opened: options.opened,
    renderer,
    now,
    async close() {
      await service.close();
    },
  };
}
