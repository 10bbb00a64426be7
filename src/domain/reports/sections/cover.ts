import { contrastInk, gauge } from '../charts.ts';
import { html, type SafeHtml } from '../html.ts';
import type { MessageKey } from '../i18n/index.ts';
import { ACCENT, scoreLabelColor } from '../palette.ts';
import { chip, lifeKey, type ReportContext } from './context.ts';

export interface CoverMeta {
  address: string;
  generatedAtMs: number;
  jobId: string;
}

/** title block: what place, which data, and how the values were sampled */
export function cover(context: ReportContext, meta: CoverMeta): SafeHtml {
  const { stats, tr, f } = context;
  const m = stats.meta;
  let sampling: string;
  if (m.sampling === 'nearest_outdoor') {
    sampling = tr.t('sampling_nearest_outdoor', { distance: f.integer(m.distance_m ?? 0) });
  } else if (m.sampling === 'radius') {
    sampling = tr.t('sampling_radius', { cells: f.integer(m.n_cells), radius: f.integer(m.radius_m ?? 0) });
  } else sampling = tr.t('sampling_point');
  return html`<header class="cover">
  <div class="brand">${tr.t('brand')}</div>
  <h1>${tr.t('title')}</h1>
  <p class="subtitle">${tr.t('subtitle')}</p>
  <p class="address">${meta.address}</p>
  <dl class="facts">
    <dt>${tr.t('coordinates')}</dt><dd>${f.number(stats.location.lat, 5)}, ${f.number(stats.location.lon, 5)}</dd>
    <dt>${tr.t('area')}</dt><dd>${stats.city ? stats.city.name : tr.t('areaNationwide')}</dd>
    <dt>${tr.t('dataset')}</dt><dd>${tr.t(m.dataset === 'brussels_extended' ? 'dataset_brussels_extended' : 'dataset_belgium_lowres')}</dd>
    <dt>${tr.t('referenceYear')}</dt><dd>${String(m.reference_year)}</dd>
    <dt>${tr.t('sampling')}</dt><dd>${sampling}</dd>
    <dt>${tr.t('reportId', { id: '' }).trim()}</dt><dd>${meta.jobId}</dd>
  </dl>
  <p class="muted" style="margin-top:10px;font-size:13px">${tr.t('generatedOn', { date: f.dateTime(meta.generatedAtMs) })}</p>
</header>`;
}

function card(
  context: ReportContext,
  theme: 'air' | 'wind' | 'thermal',
  block: { rating: number; score: number; label: string } | undefined,
  sentence: string,
  labelColour: string | undefined,
): SafeHtml {
  const { tr, f } = context;
  const title = tr.t(theme === 'air' ? 'airTitle' : theme === 'wind' ? 'windTitle' : 'thermalTitle');
  if (!block) {
    return html`<div class="card ${theme}"><h3>${title}</h3><p class="muted">${tr.t('notAvailable')}</p></div>`;
  }
  return html`<div class="card ${theme}">
  <h3>${title}</h3>
  <div class="big">${f.number(block.rating, 1)} <small>/ 10 · ${tr.t('rating')}</small></div>
  ${gauge(block.rating, ACCENT[theme], `${tr.t('rating')} ${f.number(block.rating, 1)} / 10`)}
  <div class="kv">${tr.t('score')} ${tr.t('outOfTen', { value: f.number(block.score, 1) })} ${chip(tr.label(block.label), labelColour, labelColour ? contrastInk(labelColour) : '#1f2d3d')}</div>
  <p>${sentence}</p>
</div>`;
}

/** three cards, one per theme, each with its rating, score and one sentence */
export function glance(context: ReportContext): SafeHtml {
  const { stats, tr, f } = context;
  const air = stats.air;
  const wind = stats.wind;
  const thermal = stats.thermal;
  return html`<section class="glance">
  <h2>${tr.t('glanceTitle')}</h2>
  <p class="muted">${tr.t('glanceIntro')}</p>
  <div class="cards">
    ${card(context, 'air', air, air ? tr.t('glanceAir', { pct: f.percent(air.good_pct) }) : '', air ? scoreLabelColor(air.label) : undefined)}
    ${card(context, 'wind', wind, wind ? tr.t('glanceWind', { pct: f.percent(wind.calm_pct) }) : '', wind ? scoreLabelColor(wind.label) : undefined)}
    ${card(context, 'thermal', thermal, thermal ? tr.t('glanceThermal', { pct: f.percent(thermal.comfort_pct) }) : '', thermal ? scoreLabelColor(thermal.label) : undefined)}
  </div>
</section>`;
}

/** the summary a reader acts on: one paragraph per theme, chosen by its score */
export function dailyLife(context: ReportContext): SafeHtml {
  const { stats, tr } = context;
  const { air, wind, thermal } = stats;
  return html`<section class="daily">
  <h2>${tr.t('dailyLife')}</h2>
  ${
    air
      ? html`<div class="life air"><h3>${tr.t('airTitle')}</h3><p>${tr.t(lifeKey('airLife', air.score))}</p><p class="muted">${tr.t(`source_${air.limiting_pollutant}` as MessageKey)}</p></div>`
      : ''
  }
  ${wind ? html`<div class="life wind"><h3>${tr.t('windTitle')}</h3><p>${tr.t(lifeKey('windLife', wind.score))}</p></div>` : ''}
  ${thermal ? html`<div class="life thermal"><h3>${tr.t('thermalTitle')}</h3><p>${tr.t(lifeKey('thermalLife', thermal.score))}</p></div>` : ''}
</section>`;
}
