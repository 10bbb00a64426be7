import type { MetricRegistry } from '../../metrics/metric-module.ts';
import { SCORE_LABEL_BANDS } from '../../stats/score-label.ts';
import { html, type SafeHtml } from '../html.ts';
import { titleLabel } from '../label.ts';
import { lines, metricBlocks, type ShownMetric, shownMetrics } from '../metric-blocks.ts';
import { siteMapLegend, siteMapSvg } from '../site-map/svg.ts';
import type { SiteMap } from '../site-map/types.ts';
import { counted, headlineScore, labelChip, modelParams, type ReportContext } from './context.ts';
import { referenceYearText, simulatedNote } from './weather-year.ts';

export interface CoverMeta {
  address: string;
  generatedAtMs: number;
  jobId: string;
  /** the location map's data; no map without it */
  siteMap?: SiteMap | undefined;
}

/** the location map; its key and caption sit beside it, under the facts, where there is room */
function siteMapFigure(context: ReportContext, map: SiteMap): SafeHtml {
  const { tr, f } = context;
  return html`<figure class="site" aria-describedby="site-map-key">
    <figcaption>${tr.t('mapTitle')}</figcaption>
    ${siteMapSvg(map, tr, f)}
  </figure>`;
}

function siteMapKey(context: ReportContext, map: SiteMap): SafeHtml {
  const { tr, f } = context;
  return html`<div class="site-key" id="site-map-key">
    <p class="map-caption"><b>${tr.t('mapTitle')}.</b> ${tr.t('mapCaption', {
      days: f.integer(map.layer.days),
      hour: f.hour(map.layer.localHour),
    })}</p>
    ${siteMapLegend(map, tr)}
  </div>`;
}

/** "Air quality, wind comfort and thermal comfort": the themes this report shows, as a phrase */
function topics(context: ReportContext, metrics: MetricRegistry): string {
  const { stats, f } = context;
  const titles = shownMetrics(stats, metrics).map(({ module }) => module.report.title(context));
  // titles stand alone capitalised; inside the phrase only the first one keeps its capital
  const phrase = titles.map((title, index) =>
    index === 0 ? title : title.charAt(0).toLocaleLowerCase(f.locale) + title.slice(1),
  );
  return new Intl.ListFormat(f.locale, { type: 'conjunction' }).format(phrase);
}

/** title block: what place, which data, and how the values were sampled */
export function cover(context: ReportContext, meta: CoverMeta, metrics: MetricRegistry): SafeHtml {
  const { stats, tr, f } = context;
  const m = stats.meta;
  let sampling: string;
  if (m.sampling === 'nearest_outdoor') {
    sampling = tr.t('sampling_nearest_outdoor', { distance: f.integer(m.distance_m ?? 0) });
  } else if (m.sampling === 'radius') {
    sampling = tr.t('sampling_radius', {
      cells: counted(context, 'cells', m.n_cells),
      radius: f.integer(m.radius_m ?? 0),
    });
  } else sampling = tr.t('sampling_point');
  const nationwide = m.dataset === 'belgium_lowres';
  // said on the cover, where a reader looks first (issue #49): under the map, in the
  // room its shorter column leaves, or under the facts without a map
  const simulated = html`<p class="note simulated">${simulatedNote(context)}</p>`;
  return html`<header class="cover">
  <div class="brand">${tr.t('brand')}</div>
  <h1>${tr.t('title')}</h1>
  <p class="subtitle">${tr.t('subtitle', { topics: topics(context, metrics) })}</p>
  <p class="address">${titleLabel(meta.address)}</p>
  <div class="cover-body${meta.siteMap ? ' with-map' : ''}">
  <div>
  <dl class="facts">
    <dt>${tr.t('coordinates')}</dt><dd>${tr.t('coordinatesValue', { lat: f.number(stats.location.lat, 5), lon: f.number(stats.location.lon, 5) })}</dd>
    <dt>${tr.t('area')}</dt><dd>${stats.city ? tr.label(stats.city.name) : tr.t('areaNationwide')}</dd>
    <dt>${tr.t('dataset')}</dt><dd>${nationwide ? tr.t('dataset_belgium_lowres') : tr.t('dataset_brussels_extended', modelParams(context))}</dd>
    <dt>${tr.t('referenceYear')}</dt><dd>${referenceYearText(context)}</dd>
    <dt>${tr.t('sampling')}</dt><dd>${sampling}</dd>
    <dt>${tr.t('generatedLabel')}</dt><dd>${f.dateTime(meta.generatedAtMs)}</dd>
  </dl>
  ${meta.siteMap ? siteMapKey(context, meta.siteMap) : simulated}
  </div>
  ${meta.siteMap ? html`<div class="cover-side">${siteMapFigure(context, meta.siteMap)}${simulated}</div>` : ''}
  </div>
  ${nationwide ? html`<p class="note">${tr.t('nationwideNote')}</p>` : ''}
</header>`;
}

function card(context: ReportContext, { module, block }: ShownMetric): SafeHtml {
  // every metric's block carries its 0–10 score (MetricBlock.schema, docs/scoring.md)
  const scored = block as { score: number };
  // the card's title is not a heading: the PDF outline lists each theme once, at its page
  return html`<div class="card ${module.id}">
  <p class="card-title">${module.report.title(context)}</p>
  ${headlineScore(context, scored)}
  <p class="rating-line">${module.report.glance(block, context)}</p>
</div>`;
}

/**
 * Where the report's figures come from when it averages several cells: said next to the
 * figures, because /historical/stats for the same point without a radius reads one cell
 * and can differ slightly.
 */
export function samplingNote(context: ReportContext): SafeHtml | '' {
  const { stats, tr, f } = context;
  const m = stats.meta;
  if (m.sampling !== 'radius') return '';
  return html`<p class="muted sampling-note">${tr.t('samplingNote', {
    cells: counted(context, 'cells', m.n_cells),
    radius: f.integer(m.radius_m ?? 0),
  })}</p>`;
}

/** the labels a score can take, with their bands, so a reader can place "Good" on the ladder */
export function scoreKey(context: ReportContext): SafeHtml {
  const { tr, f } = context;
  const items = SCORE_LABEL_BANDS.map((band, index) => {
    const upper = index === 0 ? 10 : (SCORE_LABEL_BANDS[index - 1]?.from ?? 10);
    return html`<span>${labelChip(context, band.label)} ${f.integer(band.from)}–${f.integer(upper)}</span>`;
  });
  return html`<p class="scale-key">${tr.t('scoreLegend')} ${items}</p>`;
}

/** one card per theme, each with its headline score and its rating in one sentence */
export function glance(context: ReportContext, metrics: MetricRegistry): SafeHtml {
  const { stats, tr } = context;
  const cards = metricBlocks(stats, metrics).map((shown) => (shown ? card(context, shown) : ''));
  return html`<section class="glance">
  <h2>${tr.t('glanceTitle')}</h2>
  <p class="muted">${tr.t('glanceIntro')}</p>
  <div class="cards">
    ${lines(cards, '\n    ')}
  </div>
  ${samplingNote(context)}
  ${scoreKey(context)}
</section>`;
}

/** the summary a reader acts on: one paragraph per theme, chosen by its score */
export function dailyLife(context: ReportContext, metrics: MetricRegistry): SafeHtml {
  const { stats, tr } = context;
  // the theme's name leads its paragraph rather than heading it: the outline lists each theme once
  const lead = (title: string) => html`<b class="life-title">${title}.</b> `;
  const paragraphs = metricBlocks(stats, metrics).map((shown) =>
    shown
      ? html`<div class="life ${shown.module.id}"><p>${lead(shown.module.report.title(context))}${shown.module.report.dailyLife(shown.block, context)}</p></div>`
      : '',
  );
  return html`<section class="daily">
  <h2>${tr.t('dailyLife')}</h2>
  ${lines(paragraphs, '\n  ')}
</section>`;
}
