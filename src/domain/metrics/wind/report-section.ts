import { monthlyMeansFigure, stackedBar } from '../../reports/charts.ts';
import { NBSP } from '../../reports/format.ts';
import { html, type SafeHtml } from '../../reports/html.ts';
import type { MessageKey } from '../../reports/i18n/index.ts';
import { WIND_CLASSES } from '../../reports/palette.ts';
import {
  lifeKey,
  monthly,
  type ReportContext,
  scoreBox,
  shownLabel,
  stat,
} from '../../reports/sections/context.ts';
import type { MetricReport } from '../metric-module.ts';
import { type ExceedanceKey, type ExceedanceReading, readExceedance } from './exceedance-reading.ts';
import type { WindBlock } from './types.ts';

/** the wind theme's accent colour (the page's own; class colours come from the scales) */
const WIND_ACCENT = '#0e9384';

const EXCEEDANCE_KEYS: readonly ExceedanceKey[] = [
  'above_frequent_sitting',
  'slightly_windy_or_worse',
  'windy_or_worse',
  'very_windy_or_worse',
  'danger',
];

/** the calm limit of the comfort scale (class 1 ends at 4 m/s), drawn on the monthly chart */
const CALM_LIMIT_MS = WIND_CLASSES[0]?.bounds?.to ?? 4;

export function windSection(wind: WindBlock, context: ReportContext): SafeHtml {
  const { stats, tr, f } = context;
  const hoursInYear = stats.meta.hours;
  const distribution = WIND_CLASSES.map((entry) => ({
    label: tr.label(entry.label),
    pct: wind.distribution_pct[entry.label] ?? 0,
    color: entry.color,
    caption: f.share(wind.distribution_pct[entry.label] ?? 0),
  }));
  const values = monthly(wind.monthly_mean_ucomfort_ms);
  const top = Math.max(CALM_LIMIT_MS + 1, ...values.map((value) => value ?? 0));
  const max = Math.ceil(top / 2) * 2;
  const ticks = Array.from({ length: max / 2 + 1 }, (_, index) => index * 2);
  // the share and its words from one reading of the published share (exceedance-reading.ts)
  const readings = Object.fromEntries(
    EXCEEDANCE_KEYS.map((key) => [key, readExceedance(wind, key, hoursInYear)]),
  ) as Record<ExceedanceKey, ExceedanceReading>;
  const shareText = (reading: ExceedanceReading, decimals: number) =>
    reading.kind === 'about'
      ? f.share(reading.pct, decimals)
      : reading.kind === 'never'
        ? f.percent(0, decimals)
        : `<${NBSP}${f.percent(reading.belowPct, 2)}`;
  const hoursText = (reading: ExceedanceReading) => {
    if (reading.kind === 'never') return tr.t('exceedNever');
    if (reading.kind === 'under')
      return reading.atMostHours >= 1
        ? tr.t('exceedAtMost', { hours: f.integer(reading.atMostHours) })
        : tr.t('exceedUnderOneHour');
    return tr.t('exceedHours', { hours: f.integer(reading.hours) });
  };
  const ms = (value: number) => f.measure(value, 1, 'm/s');
  const danger = readings.danger;
  return html`<section class="theme wind">
  <h2>${tr.t('windTitle')}</h2>
  <p>${tr.t('windIntro')}</p>
  <div class="headline">
    ${scoreBox(context, wind)}
    <div>
      <p>${tr.t(wind.rating < wind.score ? 'windRatingCapped' : 'windRatingSame', { rating: f.number(wind.rating, 1), worst: f.number(wind.worst_moment_ms, 1) })}</p>
      <p>${tr.t('windScoreExplain', { score: f.number(wind.score, 1), label: tr.label(shownLabel(wind)) })}</p>
    </div>
  </div>
  ${danger.kind === 'about' ? html`<p class="warning">${tr.t('windDanger', { pct: f.share(danger.pct, 2), hours: hoursText(danger) })}</p>` : ''}
  <figure>
    <figcaption>${tr.t('windDistributionTitle')}</figcaption>
    ${stackedBar(distribution, tr.t('windDistributionTitle'))}
    <ul class="classes" aria-label="${tr.t('windClassesTitle')}">${WIND_CLASSES.map(
      (entry, index) =>
        html`<li><span class="swatch" style="background:${entry.color}"></span><span><b>${tr.label(entry.label)} ${distribution[index]?.caption ?? ''}</b> · ${tr.t(`windClass_${entry.value}` as MessageKey)}</span></li>`,
    )}</ul>
  </figure>
  <h3>${tr.t('keyFigures')}</h3>
  <div class="stats">
    ${stat(ms(wind.mean_ucomfort_ms), tr.t('windMean'))}
    ${stat(ms(wind.p95_ucomfort_ms), tr.t('windP95'))}
    ${stat(ms(wind.max_gust_ms), tr.t('windMaxGust'))}
    ${stat(
      ms(wind.worst_moment_ms),
      wind.worst_moment_hours > 1
        ? tr.t('windWorstHours', { hours: f.integer(wind.worst_moment_hours) })
        : tr.t('windWorst'),
    )}
  </div>
  <h3>${tr.t('windExceedanceTitle')}</h3>
      <table><tbody>${EXCEEDANCE_KEYS.map((key) => {
        const reading = readings[key];
        return html`<tr class="exceedance ${reading.kind}"><td>${tr.t(`exceed_${key}` as MessageKey)}</td><td class="num">${shareText(reading, 1)}</td><td class="num muted">${hoursText(reading)}</td></tr>`;
      })}</tbody></table>
  <p class="note">${tr.t('windSittingNote', { pct: shareText(readings.above_frequent_sitting, 1) })}</p>
  ${monthlyMeansFigure(f, tr.t('windMonthlyTitle'), {
    values,
    color: () => WIND_ACCENT,
    min: 0,
    max,
    height: 110,
    ticks,
    references: [
      {
        value: CALM_LIMIT_MS,
        caption: `${tr.label(WIND_CLASSES[0]?.label ?? 'Calm')} < ${f.measure(CALM_LIMIT_MS, 0, 'm/s')}`,
      },
    ],
  })}
</section>`;
}

/** What wind comfort adds to a report. */
export const windReport: MetricReport<WindBlock> = {
  accent: WIND_ACCENT,
  title: ({ tr }) => tr.t('windTitle'),
  glance: (wind, { tr, f }) =>
    tr.t(wind.rating < wind.score ? 'glanceWindCapped' : 'glanceWindSame', {
      rating: f.number(wind.rating, 1),
      worst: f.number(wind.worst_moment_ms, 1),
      pct: f.share(wind.calm_pct),
    }),
  dailyLife: (wind, { tr }) => tr.t(lifeKey('windLife', wind.score)),
  section: windSection,
  method: ({ tr }) => tr.t('methodWind'),
  reading: ({ tr }) => ({ rating: tr.t('readingRating_wind'), score: tr.t('readingScore_wind') }),
};
