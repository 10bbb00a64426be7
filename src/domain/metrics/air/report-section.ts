import { monthlyBars, stackedBar } from '../../reports/charts.ts';
import { NBSP } from '../../reports/format.ts';
import { html, type SafeHtml } from '../../reports/html.ts';
import type { MessageKey } from '../../reports/i18n/index.ts';
import { BELAQI_CLASSES } from '../../reports/palette.ts';
import {
  lifeKey,
  monthly,
  type ReportContext,
  scoreBox,
  scoreHeldBack,
  shownLabel,
} from '../../reports/sections/context.ts';
import { POLLUTANTS, type Pollutant } from '../../scales/types.ts';
import type { MetricReport } from '../metric-module.ts';
import type { AirBlock } from './types.ts';

/** the air theme's accent colour (the page's own; class colours come from the scales) */
const AIR_ACCENT = '#2d6cdf';

/**
 * Reference values shown beside the yearly averages (µg/m³): the WHO 2021 annual air
 * quality guidelines and the EU annual limit values to be met by 2030
 * (Directive (EU) 2024/2881). They are published figures, not scale data.
 */
const WHO_ANNUAL: Record<Pollutant, number> = { no2: 10, pm25: 5, pm10: 15 };
const EU_2030_ANNUAL: Record<Pollutant, number> = { no2: 20, pm25: 10, pm10: 20 };

const pollutantKey = (pollutant: Pollutant) => `pollutant_${pollutant}` as MessageKey;

function meansTable(context: ReportContext, air: AirBlock): SafeHtml {
  const { tr, f } = context;
  // on a phone a column is too narrow for "32,4 µg/m³": the unit may go to the next line
  // as a whole (<wbr> after the no-break space), never as "µg/m" and a lone "³"
  const unit = (value: number, decimals: number) =>
    html`${f.number(value, decimals)}${NBSP}<wbr><span class="unit">µg/m³</span>`;
  const rows = POLLUTANTS.map((pollutant) => {
    const mean = air.annual_mean_ugm3[pollutant];
    const sub = air.pollutant_scores[pollutant];
    const limiting = scoreHeldBack(air) && air.limiting_pollutants.includes(pollutant);
    const name = tr.t(pollutantKey(pollutant));
    return html`<tr>
      <td>${limiting ? html`<b>${name}</b>` : name}</td>
      <td class="num">${mean === null || mean === undefined ? tr.t('noData') : unit(mean, 1)}</td>
      <td class="num">${unit(WHO_ANNUAL[pollutant], 0)}</td>
      <td class="num">${unit(EU_2030_ANNUAL[pollutant], 0)}</td>
      <td class="num">${typeof sub === 'number' ? (limiting ? html`<b>${f.number(sub, 1)}</b>` : f.number(sub, 1)) : '–'}</td>
    </tr>`;
  });
  return html`<table>
  <thead><tr><th>${tr.t('colPollutant')}</th><th class="num">${tr.t('colAnnualMean')}</th><th class="num">${tr.t('colWho')}</th><th class="num">${tr.t('colEu')}</th><th class="num">${tr.t('colSubscore')}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}

/**
 * The nearest station's measured yearly averages beside the modelled ones here (issue #50),
 * when the reference year is a backfilled year: the same year's hours, measured and modelled.
 */
function stationYearTable(context: ReportContext, air: AirBlock): SafeHtml | '' {
  const station = context.stationYear;
  if (!station) return '';
  const { tr, f } = context;
  const unit = (value: number) => html`${f.number(value, 1)}${NBSP}<wbr><span class="unit">µg/m³</span>`;
  const rows = POLLUTANTS.flatMap((pollutant) => {
    const measured = station.means[pollutant];
    if (measured === undefined) return [];
    const modelled = air.annual_mean_ugm3[pollutant];
    return [
      html`<tr>
      <td>${tr.t(pollutantKey(pollutant))}</td>
      <td class="num">${unit(measured)}</td>
      <td class="num">${modelled === null || modelled === undefined ? tr.t('noData') : unit(modelled)}</td>
    </tr>`,
    ];
  });
  if (rows.length === 0) return '';
  const distance =
    station.distanceM < 1000
      ? f.measure(station.distanceM, 0, 'm')
      : f.measure(station.distanceM / 1000, 1, 'km');
  return html`<h3>${tr.t('airStationTitle')}</h3>
  <p class="station-year">${tr.t('airStationIntro', { station: station.id, distance, year: String(station.year) })}</p>
  <table class="station-year">
  <thead><tr><th>${tr.t('colPollutant')}</th><th class="num">${tr.t('colStationMeasured')}</th><th class="num">${tr.t('colModelledHere')}</th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}

function benchmark(context: ReportContext, air: AirBlock): SafeHtml | '' {
  const reference = air.benchmark?.good_pct;
  if (typeof reference !== 'number') return '';
  const { tr, f } = context;
  const diff = Math.round((air.good_pct - reference) * 10) / 10;
  const params = { ref: f.share(reference), diff: f.number(Math.abs(diff), 1) };
  const key: MessageKey =
    diff > 0 ? 'airBenchmarkBetter' : diff < 0 ? 'airBenchmarkWorse' : 'airBenchmarkSame';
  return html`<p>${tr.t(key, params)}</p>`;
}

export function airSection(air: AirBlock, context: ReportContext): SafeHtml {
  const { tr, f } = context;
  const months = Array.from({ length: 12 }, (_, index) => f.monthLabel(index + 1));
  const limiting = air.limiting_pollutants.length > 0 ? air.limiting_pollutants : [air.limiting_pollutant];
  const limitingNames = limiting.map((pollutant) => tr.t(pollutantKey(pollutant))).join(', ');
  const distribution = BELAQI_CLASSES.map((entry) => ({
    label: tr.label(entry.label),
    pct: air.distribution_pct[entry.label] ?? 0,
    color: entry.color,
    caption: f.share(air.distribution_pct[entry.label] ?? 0),
  }));
  const best = air.best_month;
  const worst = air.worst_month;
  const monthlyValues = monthly(air.monthly_good_pct);
  const pct = (value: number | null | undefined) =>
    typeof value === 'number' ? f.share(value) : tr.t('noData');
  return html`<section class="theme air">
  <h2>${tr.t('airTitle')}</h2>
  <p>${tr.t('airIntro')}</p>
  <div class="headline">
    ${scoreBox(context, air)}
    <div>
      <p>${tr.t('airRatingExplain', { rating: f.number(air.rating, 1), pct: f.share(air.good_pct), hours: f.integer(air.hours_graded) })}</p>
      <p>${tr.t(scoreHeldBack(air) ? 'airScoreExplain' : 'airScoreExplainTop', { score: f.number(air.score, 1), label: tr.label(shownLabel(air)) })}</p>
      ${
        scoreHeldBack(air)
          ? html`<p><b>${tr.t('airLimiting', { pollutant: limitingNames })}</b> ${tr.t(`source_${air.limiting_pollutant}` as MessageKey)}</p>`
          : html`<p>${tr.t('airLimitingNone')}</p>`
      }
    </div>
  </div>
  <figure>
    <figcaption>${tr.t('airDistributionTitle')}</figcaption>
    ${stackedBar(distribution, tr.t('airDistributionTitle'))}
    <ul class="legend">${distribution.map(
      (entry) =>
        html`<li><span class="swatch" style="background:${entry.color}"></span>${entry.label} ${entry.caption}</li>`,
    )}</ul>
  </figure>
  <figure>
    <figcaption>${tr.t('airMonthlyTitle')}</figcaption>
    ${monthlyBars({
      values: monthlyValues,
      labels: months,
      title: tr.t('airMonthlyTitle'),
      format: (value) => f.share(value),
      tickFormat: (value) => f.percent(value),
      color: () => AIR_ACCENT,
      min: 0,
      max: 100,
      ticks: [0, 25, 50, 75, 100],
      highlight: [best, worst].flatMap((month) => (month === null ? [] : [month - 1])),
      ...(best !== null || worst !== null ? { highlightCaption: tr.t('airMonthlyHighlight') } : {}),
      references:
        typeof air.benchmark?.good_pct === 'number'
          ? [
              {
                value: air.benchmark.good_pct,
                caption: tr.t('labelled', {
                  label: tr.t('cityReference'),
                  value: f.share(air.benchmark.good_pct),
                }),
              },
            ]
          : [],
    })}
  </figure>
  ${
    best !== null && worst !== null
      ? html`<p>${tr.t('airBestWorst', {
          best: f.month(best),
          bestPct: pct(monthlyValues[best - 1]),
          worst: f.month(worst),
          worstPct: pct(monthlyValues[worst - 1]),
        })}</p>`
      : ''
  }
  <p>${tr.t('airDayNight', { day: pct(air.day_good_pct), night: pct(air.night_good_pct) })}</p>
  <p>${tr.t('airDominant', { pollutant: tr.t(pollutantKey(air.dominant_pollutant)), pct: f.share(air.pollutant_share_pct[air.dominant_pollutant] ?? 0) })}</p>
  ${benchmark(context, air)}
  <h3>${tr.t('airMeansTitle')}</h3>
  ${meansTable(context, air)}
  ${stationYearTable(context, air)}
</section>`;
}

/** What air quality adds to a report. */
export const airReport: MetricReport<AirBlock> = {
  accent: AIR_ACCENT,
  title: ({ tr }) => tr.t('airTitle'),
  glance: (air, { tr, f }) =>
    tr.t('glanceAir', { rating: f.number(air.rating, 1), pct: f.share(air.good_pct) }),
  dailyLife: (air, { tr }) => tr.t(lifeKey('airLife', air.score)),
  section: airSection,
  method: ({ tr }) => tr.t('methodAir'),
  reading: ({ tr }) => ({ rating: tr.t('readingRating_air'), score: tr.t('readingScore_air') }),
};
