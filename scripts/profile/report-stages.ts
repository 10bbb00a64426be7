/**
 * Where one report's time goes, stage by stage: the location map from the model, the HTML
 * build, then Chromium: the launch with its first page once, then each print (the
 * document replaced and loaded, then printed), the first on a new page and the later ones
 * on the same page. Statistics come from the fixtures, as
 * in bench/reports.ts.
 *
 *   node --import tsx scripts/profile/report-stages.ts [warm runs]
 */
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { embeddedRegistry } from '../../src/adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import { createChromiumRenderer } from '../../src/adapters/pdf/chromium.ts';
import { loadReportFonts } from '../../src/adapters/pdf/font.ts';
import { renderReportHtml } from '../../src/domain/reports/template.ts';
import { createEmbeddedModel } from '../../src/model/embedded/index.ts';
import { createSiteMapProvider } from '../../src/services/reports/site-map.ts';
import { fixtureStats } from '../../test/helpers/reports.ts';
import { SHARED_MODEL_DIR } from '../../test/helpers/service.ts';

/** the shipped packages' cities (no composition root here) */
const registry = embeddedRegistry();

const runs = Number(process.argv[2] ?? 5);
const climate = loadNationalClimate();
const model = await createEmbeddedModel({
  dataDir: SHARED_MODEL_DIR,
  workers: 2,
  cities: await embeddedCitySpecs(registry.cities),
  climate,
});
const siteMap = createSiteMapProvider(model, () => registry, climate.timeZone);
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

const renderer = createChromiumRenderer();
const t0 = lap();
// as the PDF thread does after start: the browser and one page (its own context, print
// media, offline, no script) before the first print
await renderer.warmUp?.();
console.log({ launchAndPageMs: t0() });
for (let run = 0; run <= runs; run++) {
  const { html, times } = await build();
  const t = lap();
  // replace the document, wait for its load and fonts, print (the reset runs after)
  const pdf = await renderer.render(html);
  console.log(run === 0 ? 'first print' : `reused ${run}`, {
    ...times,
    printMs: t(),
    pdfKb: Math.round(pdf.length / 1024),
  });
}
await renderer.close();
await model.close();
