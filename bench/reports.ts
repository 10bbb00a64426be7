/**
 * Reports benchmark: one report end to end (POST accepted → HTML stored → PDF stored),
 * with a cold browser (launched by the job), right after a pre-launch (what a fresh server
 * does at start) and with a warm one, then 25 posts at once against a quota of 20: how
 * many are accepted (must be exactly 20) and how long until all 20 are complete.
 * Real SQLite job store and counters, in-process queue, Debian's Chromium, and the
 * location map from the embedded model (buildings, sampled cells, summer-afternoon UTCI
 * over 23 afternoons); statistics from the FIXTURES (the statistics engine has its own
 * benchmark).
 *
 *   node --import tsx bench/reports.ts      (or: npm run bench -- reports)
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedCitySpecs } from '../src/adapters/cities/embedded.ts';
import { embeddedRegistry } from '../src/adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../src/adapters/cities/national-climate.ts';
import { createSqlCounters } from '../src/adapters/counters/sql.ts';
import { loadReportFonts } from '../src/adapters/pdf/font.ts';
import { createInProcessQueue } from '../src/adapters/queue/in-process.ts';
import { openDatabase } from '../src/adapters/store/database.ts';
import { createReportJobStore } from '../src/adapters/store/report-jobs.ts';
import { createEmbeddedModel } from '../src/model/embedded/index.ts';
import type { PdfRenderer } from '../src/services/reports/pdf-renderer-port.ts';
import { createReportService } from '../src/services/reports/service.ts';
import { createSiteMapProvider } from '../src/services/reports/site-map.ts';
import { fixtureResolve, fixtureStats, statisticsOf } from '../test/helpers/reports.ts';
import { SHARED_MODEL_DIR } from '../test/helpers/service.ts';
import { type FigureCheck, figure, NOISE, withinGoal } from './figures.ts';

/** the HTML stage's budget (docs/reports.md) and issue #17's end-to-end goals */

/** the shipped packages' cities (no composition root here) */
const registry = embeddedRegistry();
const HTML_BUDGET_MS = 2000;
const PDF_WARM_GOAL_MS = 300;
const PDF_COLD_GOAL_MS = 1000;
const BURST_GOAL_S = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-reports-'));
// the generated model morphology, shared with the tests (built once, minutes the first time)
const climate = loadNationalClimate();
const model = await createEmbeddedModel({
  dataDir: SHARED_MODEL_DIR,
  workers: 2,
  cities: await embeddedCitySpecs(registry.cities),
  climate,
});
const opened = await openDatabase({ dataDir });
const store = createReportJobStore(opened.db);
const fonts = loadReportFonts();
// the renderer the server uses: Chromium on its own thread, started by the first print,
// from the built code as `npm start` runs it (under tsx the thread would first compile the
// adapter's TypeScript, which production never pays)
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const built = new URL('../dist/src/adapters/pdf/pdf-thread.js', import.meta.url).href;
const { createThreadedPdfRenderer } = (await import(
  built
)) as typeof import('../src/adapters/pdf/pdf-thread.ts');
const pdf: PdfRenderer = createThreadedPdfRenderer({ maxPages: 2 });
const service = createReportService({
  cities: () => registry,
  store,
  queue: createInProcessQueue({ concurrency: 2 }),
  counters: createSqlCounters(opened.db),
  pdf,
  statistics: statisticsOf(fixtureStats),
  resolveAddress: fixtureResolve,
  reverseLabel: async () => 'Place de la Station 1, 5000 Namur',
  sweepIntervalMs: 0,
  siteMap: createSiteMapProvider(model, () => registry, climate.timeZone),
  ...(fonts ? { fonts } : {}),
});
await service.start();

async function endToEnd(keyId: string): Promise<{ htmlMs: number; pdfMs: number }> {
  const started = performance.now();
  const { job_id } = await service.submit({
    keyId,
    reportsPerDay: 1000,
    scope: { cities: ['*'], metrics: ['*'] },
    body: { address: 'Grand-Place 1', lang: 'fr' },
  });
  let htmlMs = 0;
  for (;;) {
    const job = await store.get(job_id);
    if (job?.hasHtml && htmlMs === 0) htmlMs = performance.now() - started;
    if (job?.status === 'completed' && job.hasPdf) return { htmlMs, pdfMs: performance.now() - started };
    if (job?.status === 'failed') throw new Error(job.detail ?? 'failed');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let failed = false;
/** a figure against its goal: issue #17's end-to-end latencies, docs/reports.md's budgets for the HTML stage */
// judged as `npm run bench` judges the row (figures.ts, with its noise band), so this
// benchmark's exit status and the README table never disagree
const check = (name: string, value: string, measured: number, target: number, unit: string) => {
  const row: FigureCheck = { measured, target, better: 'lower', band: NOISE.batch };
  const ok = withinGoal(row);
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: ${value} (goal ≤ ${target} ${unit}, noise band ${row.band * 100} %)`,
  );
  figure(name, value, `≤ ${target.toLocaleString('en')} ${unit}`, row);
  if (!ok) failed = true;
};
const must = (ok: boolean, name: string, value: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${value}`);
  figure(name, value, ok ? 'exact' : 'MISSED');
  if (!ok) failed = true;
};

try {
  // as on a started server: the PDF thread is prepared, no browser runs yet (the first
  // report's job launches it when claimed)
  await pdf.prepare?.();
  const cold = await endToEnd('bench_cold');
  check('one report, cold browser: HTML', `${cold.htmlMs.toFixed(0)} ms`, cold.htmlMs, HTML_BUDGET_MS, 'ms');
  check(
    'one report, cold browser: with PDF',
    `${cold.pdfMs.toFixed(0)} ms`,
    cold.pdfMs,
    PDF_COLD_GOAL_MS,
    'ms',
  );
  const warm: Array<{ htmlMs: number; pdfMs: number }> = [];
  for (let run = 0; run < 5; run++) warm.push(await endToEnd('bench_warm'));
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const warmHtml = median(warm.map((r) => r.htmlMs));
  const warmPdf = median(warm.map((r) => r.pdfMs));
  check(
    'one report, warm browser (median of 5): HTML',
    `${warmHtml.toFixed(0)} ms`,
    warmHtml,
    HTML_BUDGET_MS,
    'ms',
  );
  check(
    'one report, warm browser: with PDF',
    `${warmPdf.toFixed(0)} ms (median of 5)`,
    warmPdf,
    PDF_WARM_GOAL_MS,
    'ms',
  );

  const quota = 20;
  const posts = 25;
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: posts }, (_, index) =>
      service.submit({
        keyId: 'bench_burst',
        reportsPerDay: quota,
        scope: { cities: ['*'], metrics: ['*'] },
        body:
          index % 2 ? { address: 'Grand-Place 1', lang: 'nl' } : { lat: 50.4687, lon: 4.8625, lang: 'en' },
      }),
    ),
  );
  const acceptedIds = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value.job_id] : [],
  );
  const refused = results.filter((result) => result.status === 'rejected').length;
  const acceptMs = performance.now() - started;
  await service.idle();
  const allMs = performance.now() - started;
  const views = await Promise.all(acceptedIds.map((id) => service.get('bench_burst', id)));
  const completed = views.filter((view) => view.status === 'completed' && view.files.pdf).length;
  must(
    acceptedIds.length === quota && refused === posts - quota,
    `${posts} posts at once, quota ${quota}`,
    `${acceptedIds.length} accepted, ${refused} quota_exceeded (all answered in ${acceptMs.toFixed(0)} ms)`,
  );
  must(
    completed === quota,
    '20 reports at once: all completed',
    `${completed}/${acceptedIds.length} with HTML and PDF`,
  );
  check(
    '20 reports at once: all completed in',
    `${(allMs / 1000).toFixed(1)} s (${(allMs / quota).toFixed(0)} ms per report, 2 workers)`,
    allMs / 1000,
    BURST_GOAL_S,
    's',
  );
} finally {
  await service.close();
  await model.close();
  await opened.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
