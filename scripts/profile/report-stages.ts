/**
 * Where one report's time goes, stage by stage: the location map from the model, the HTML
 * build, then each step of a print in Chromium (launch, newContext, newPage, emulateMedia
 * once; then per print setContent, pdf and the reset to an empty document), the first print
 * on a new page and the later ones on the same page. Statistics come from the fixtures, as
 * in bench/reports.ts.
 *
 *   node --import tsx scripts/profile/report-stages.ts [warm runs]
 */
import { chromium } from 'playwright-core';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { CHROMIUM_ARGS, PDF_OPTIONS } from '../../src/adapters/pdf/chromium.ts';
import { loadReportFonts } from '../../src/adapters/pdf/font.ts';
import { CITIES } from '../../src/domain/coverage/cities.ts';
import { renderReportHtml } from '../../src/domain/reports/template.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import { createSiteMapProvider } from '../../src/services/reports/site-map.ts';
import { fixtureStats } from '../../test/helpers/reports.ts';
import { SHARED_MODEL_DIR } from '../../test/helpers/service.ts';

const runs = Number(process.argv[2] ?? 5);
const model = await createEmbeddedModel({
  dataDir: SHARED_MODEL_DIR,
  workers: 2,
  cities: await embeddedCitySpecs(CITIES),
});
const siteMap = createSiteMapProvider(model);
const fonts = loadReportFonts();
const point = { lat: 50.8467, lon: 4.3525, radius: 50 };

const lap = () => {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    return Math.round(ms);
  };
};

async function build(): Promise<{ html: string; times: Record<string, number> }> {
  const t = lap();
  const stats = await fixtureStats({ ...point, address: 'Grand-Place 1' });
  const statsMs = t();
  const map = await siteMap(point);
  const mapMs = t();
  const html = renderReportHtml(stats, 'fr', {
    jobId: 'profile',
    address: 'Grand-Place 1',
    generatedAtMs: Date.now(),
    ...(fonts ? { fonts } : {}),
    siteMap: map,
  });
  return { html, times: { statsMs, mapMs, htmlMs: t(), htmlKb: Math.round(html.length / 1024) } };
}

const opts = PDF_OPTIONS;
const t0 = lap();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const launchMs = t0();
// as src/adapters/pdf/chromium.ts does: one context and page, print media set once, reused
const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
const newContextMs = t0();
const page = await context.newPage();
const newPageMs = t0();
await page.emulateMedia({ media: 'print' });
console.log({ launchMs, newContextMs, newPageMs, emulateMs: t0() });
for (let run = 0; run <= runs; run++) {
  const { html, times } = await build();
  const t = lap();
  await page.setContent(html, { waitUntil: 'load' });
  const setContentMs = t();
  const pdf = await page.pdf(opts);
  const pdfMs = t();
  await page.setContent('');
  const resetMs = t();
  console.log(run === 0 ? 'first print' : `reused ${run}`, {
    ...times,
    setContentMs,
    pdfMs,
    resetMs,
    pdfKb: Math.round(pdf.length / 1024),
  });
}
await browser.close();
await model.close();
