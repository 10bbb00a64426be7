/**
 * Look at the reports: renders a Brussels address and a nationwide location in English,
 * French and Dutch through the real report service (SQLite job store, in-process queue,
 * Debian's Chromium), writes the HTML and PDF downloads to an output folder and turns
 * every PDF page into a PNG with pdftoppm, so a person can check layout and wording.
 *
 *   node --import tsx scripts/render-reports.ts [--out DIR]
 *
 * Statistics come from the FIXTURES in test/reports/fixtures until a real provider is
 * passed to `renderSamples` (the lead wires the model's).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSqlCounters } from '../src/adapters/counters/sql.ts';
import { createChromiumRenderer } from '../src/adapters/pdf/chromium.ts';
import { loadReportFonts } from '../src/adapters/pdf/font.ts';
import { createInProcessQueue } from '../src/adapters/queue/in-process.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { createReportJobStore } from '../src/adapters/store/report-jobs.ts';
import { REPORT_LANGS } from '../src/domain/reports/i18n/index.ts';
import { createReportService, type StatsProvider } from '../src/services/reports/service.ts';
import { fixtureResolve, fixtureStats } from '../test/reports/helpers.ts';

export interface SampleOptions {
  outDir: string;
  stats: StatsProvider;
  resolveAddress: (address: string) => Promise<{ label: string; lat: number; lon: number }>;
  reverseLabel?: (lat: number, lon: number) => Promise<string>;
  /** pdftoppm resolution */
  dpi?: number;
}

export const SAMPLE_LOCATIONS = [
  { name: 'brussels', body: { address: 'Grand-Place 1, 1000 Bruxelles' } },
  { name: 'nationwide', body: { lat: 50.4687, lon: 4.8625 } },
] as const;

export async function renderSamples(options: SampleOptions): Promise<string[]> {
  mkdirSync(options.outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-samples-'));
  const opened = await openDatabase({ dataDir });
  const fonts = loadReportFonts();
  const service = createReportService({
    store: createReportJobStore(opened.db),
    queue: createInProcessQueue({ concurrency: 2 }),
    counters: createSqlCounters(opened.db),
    pdf: createChromiumRenderer(),
    stats: options.stats,
    resolveAddress: options.resolveAddress,
    reverseLabel: options.reverseLabel ?? (async () => 'Place de la Station 1, 5000 Namur'),
    sweepIntervalMs: 0,
    ...(fonts ? { fonts } : {}),
  });
  const written: string[] = [];
  try {
    await service.start();
    const jobs = [];
    for (const location of SAMPLE_LOCATIONS) {
      for (const lang of REPORT_LANGS) {
        const accepted = await service.submit({
          keyId: 'samples',
          reportsPerDay: 100,
          scope: { cities: ['*'], metrics: ['*'] },
          body: { ...location.body, lang },
        });
        jobs.push({ name: `${location.name}-${lang}`, id: accepted.job_id });
      }
    }
    await service.idle();
    for (const job of jobs) {
      const view = await service.get('samples', job.id);
      if (view.status !== 'completed' || !view.files.pdf)
        throw new Error(`${job.name}: ${JSON.stringify(view)}`);
      for (const format of ['html', 'pdf'] as const) {
        const file = await service.download('samples', job.id, format);
        const path = join(options.outDir, `${job.name}-${file.filename}`);
        writeFileSync(path, file.body);
        written.push(path);
        if (format === 'pdf') {
          execFileSync('pdftoppm', [
            '-r',
            String(options.dpi ?? 70),
            '-png',
            path,
            join(options.outDir, `${job.name}-page`),
          ]);
        }
      }
    }
  } finally {
    await service.close();
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outIndex = process.argv.indexOf('--out');
  const outDir = resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : 'var/report-samples');
  const started = Date.now();
  const files = await renderSamples({ outDir, stats: fixtureStats, resolveAddress: fixtureResolve });
  for (const file of files) console.log(file);
  console.log(`${files.length} files and their PNG pages in ${outDir} (${Date.now() - started} ms)`);
}
