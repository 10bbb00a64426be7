import type { StationYearMeans } from '../live/station-year.ts';
import type { MetricRegistry } from '../metrics/metric-module.ts';
import { DEFAULT_REGISTRY } from '../metrics/registry.ts';
import { type Formatters, formatterFor } from './format.ts';
import { html, raw } from './html.ts';
import { type ReportLang, translator } from './i18n/index.ts';
import { plainTitleLabel } from './label.ts';
import { lines, metricBlocks } from './metric-blocks.ts';
import type { ReportContext } from './sections/context.ts';
import { cover, dailyLife, glance } from './sections/cover.ts';
import { methodSection } from './sections/method.ts';
import type { SiteMap } from './site-map/types.ts';
import type { HistoricalStats } from './stats.ts';
import type { ReportFont } from './styles.ts';
import { reportCss } from './styles.ts';

export interface ReportMeta {
  jobId: string;
  /** the address the report describes */
  address: string;
  generatedAtMs: number;
  /** the city's attribution text, when the lead has one; a translated default otherwise */
  attribution?: string;
  /** the configured live feeds' credits (the service's real-time and forecast inputs); none without feeds */
  liveCredits?: readonly string[];
  /** the embedded fonts, static weights as data URLs; system fonts without them */
  fonts?: readonly ReportFont[];
  /** the location map's data (buildings, sampled cells, data layer); the cover has no map without it */
  siteMap?: SiteMap;
  /** the IANA time zone of the place (its city package's); Belgian time without it */
  timeZone?: string;
  /** the grid cell size of the city's model, metres (its package's resolution_m); 10 without it */
  cellSizeM?: number;
  /** the formatters the caller keeps from one report to the next; built for this report without them */
  formatters?: Formatters;
  /** the metrics the report explains; the service's (DEFAULT_REGISTRY) without it */
  metrics?: MetricRegistry;
  /** the nearest station's measured annual means, when the reference year is a backfilled one */
  stationYear?: StationYearMeans;
}

const DEFAULT_CELL_SIZE_M = 10;

/**
 * The report: one self-contained HTML page (inline CSS, inline SVG, embedded font, no
 * script, no external request) that reads on screen and prints to A4.
 */
export function renderReportHtml(stats: HistoricalStats, lang: ReportLang, meta: ReportMeta): string {
  const tr = translator(lang);
  const f = meta.formatters?.of(lang, meta.timeZone) ?? formatterFor(lang, meta.timeZone);
  const context: ReportContext<HistoricalStats> = {
    stats,
    tr,
    f,
    cellSizeM: meta.cellSizeM ?? DEFAULT_CELL_SIZE_M,
    ...(meta.stationYear ? { stationYear: meta.stationYear } : {}),
  };
  const metrics = meta.metrics ?? DEFAULT_REGISTRY;
  // each metric's section on a line of its own, an empty line for a metric without its block
  const sections = lines(
    metricBlocks(stats, metrics).map((shown) =>
      shown ? shown.module.report.section(shown.block, context) : '',
    ),
    '\n',
  );
  const footer = tr.t('footer', { id: meta.jobId.slice(0, 8), date: f.date(meta.generatedAtMs) });
  const accents = metrics.modules.map(({ id, report }) => ({ id, colour: report.accent }));
  const css = reportCss({ footer, accents, ...(meta.fonts ? { fonts: meta.fonts } : {}) });
  const page = html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:">
<title>${tr.t('title')} · ${plainTitleLabel(meta.address)}</title>
<style>${raw(css)}</style>
</head>
<body>
<main class="page">
${cover(context, meta, metrics)}
${glance(context, metrics)}
${dailyLife(context, metrics)}
${sections}
${methodSection(context, meta, metrics)}
<footer>${footer}</footer>
</main>
</body>
</html>
`;
  return page.value;
}
