import type { Formatters } from '../../domain/reports/format.ts';
import { buildHtml, type HtmlInput } from './generate-job.ts';
import type { ReportServiceDeps } from './types.ts';

/** the report the warm-up builds and prints (and throws away): the Grand-Place, as a caller would order it */
const WARM_UP_REPORT: HtmlInput = {
  id: '00000000-0000-4000-8000-000000000000',
  lat: 50.8467,
  lon: 4.3525,
  radius: 10,
  label: null,
  address: null,
  lang: 'en',
  metrics: null,
};

/**
 * One report built and printed, kept nowhere (REPORTS_WARM_AT_START). The first report of
 * a process otherwise pays for all of it: Chromium's launch and first page, a renderer's
 * first print (about twice a warm one), the location map's first model layers and the
 * statistics' and template's first run (docs/performance.md, "Reports as users feel
 * them"). Nothing is stored or counted, and no job exists; the statistics of the location
 * are cached as any request's would be.
 */
export async function warmUpReports(
  deps: ReportServiceDeps,
  clock: () => number,
  formatters: Formatters,
): Promise<void> {
  const started = clock();
  const { html } = await buildHtml(WARM_UP_REPORT, { deps, clock, formatters });
  await deps.pdf.render(html);
  deps.logger?.info({ event: 'reports.warmed_up', duration_ms: clock() - started }, 'report path warmed up');
}
