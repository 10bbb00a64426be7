import { contrastInk, groupedBars, monthlyBars } from '../charts.ts';
import { html, type SafeHtml } from '../html.ts';
import type { MessageKey } from '../i18n/index.ts';
import { labelColor, NEUTRAL, scoreLabelColor, UTCI_CLASSES, utciColor } from '../palette.ts';
import { SEASONS, type Season } from '../stats.ts';
import { chip, monthly, type ReportContext, stat } from './context.ts';

const seasonKey = (season: Season) => `season_${season}` as MessageKey;

export function thermalSection(context: ReportContext): SafeHtml {
  const { stats, tr, f } = context;
  const thermal = stats.thermal;
  if (!thermal) return html``;
  const labelColour = scoreLabelColor(thermal.label);
  // the comfortable band of the UTCI scale gives the "comfortable" colour
  const comfortColour = labelColor(UTCI_CLASSES, 'Comfortable') ?? '#00C000';
  const seasonName = (season: Season) => tr.t(seasonKey(season)).toLocaleLowerCase(f.locale);
  const values = monthly(thermal.monthly_mean_utci_c);
  const known = values.filter((value): value is number => value !== null);
  const min = Math.min(0, Math.floor(Math.min(...known, 0) / 5) * 5);
  const max = Math.max(30, Math.ceil(Math.max(...known, 0) / 5) * 5);
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / 10) * 10; tick <= max; tick += 10) ticks.push(tick + 0); // + 0 turns -0 into 0
  const vsCity = thermal.summer_night_vs_city_c;
  let vsCityText = '';
  if (typeof vsCity === 'number') {
    const diff = f.number(Math.abs(vsCity), 1);
    vsCityText =
      Math.abs(vsCity) < 0.05
        ? tr.t('summerNightSame')
        : tr.t(vsCity > 0 ? 'summerNightWarmer' : 'summerNightCooler', { diff });
  }
  return html`<section class="theme thermal">
  <h2>${tr.t('thermalTitle')}</h2>
  <p>${tr.t('thermalIntro')}</p>
  <div class="headline">
    <div class="scorebox">
      <div class="kv">${tr.t('rating')}</div><div class="big">${f.number(thermal.rating, 1)} <small>/ 10</small></div>
      <div class="kv" style="margin-top:6px">${tr.t('score')} ${tr.t('outOfTen', { value: f.number(thermal.score, 1) })}</div>
      ${chip(tr.label(thermal.label), labelColour, labelColour ? contrastInk(labelColour) : '#1f2d3d')}
    </div>
    <div>
      <p>${tr.t('thermalRatingExplain', {
        rating: f.number(thermal.rating, 1),
        season: seasonName(thermal.rating_limiting_season),
        pct: f.percent(thermal.seasonal_comfort_pct[thermal.rating_limiting_season] ?? 0),
      })}</p>
      <p>${tr.t('thermalScoreExplain', {
        score: f.number(thermal.score, 1),
        label: tr.label(thermal.label),
        season: seasonName(thermal.limiting_season),
      })}</p>
    </div>
  </div>
  <figure>
    <figcaption>${tr.t('thermalSeasonsTitle')}</figcaption>
    ${groupedBars(
      SEASONS.map((season) => {
        const comfortable = thermal.seasonal_comfort_pct[season];
        const acceptable = thermal.seasonal_acceptable_pct[season];
        return {
          label: tr.t(seasonKey(season)),
          values: [
            {
              value: comfortable,
              color: comfortColour,
              caption: comfortable === null ? '' : f.percent(comfortable),
            },
            { value: acceptable, color: NEUTRAL, caption: acceptable === null ? '' : f.percent(acceptable) },
          ],
        };
      }),
      tr.t('thermalSeasonsTitle'),
    )}
    <ul class="legend">
      <li><span class="swatch" style="background:${comfortColour}"></span>${tr.t('legendComfortable')}</li>
      <li><span class="swatch" style="background:${NEUTRAL}"></span>${tr.t('legendAcceptable')}</li>
    </ul>
  </figure>
  <figure>
    <figcaption>${tr.t('thermalMonthlyTitle')}</figcaption>
    ${monthlyBars({
      values,
      labels: Array.from({ length: 12 }, (_, index) => f.month(index + 1, 'short')),
      title: tr.t('thermalMonthlyTitle'),
      format: (value) => f.number(value, 1),
      tickFormat: (value) => f.integer(value),
      color: (value) => utciColor(value),
      min,
      max,
      ticks,
    })}
    <ul class="legend">${UTCI_CLASSES.filter((entry) => {
      const from = entry.bounds?.from ?? Number.NEGATIVE_INFINITY;
      const to = entry.bounds?.to ?? Number.POSITIVE_INFINITY;
      return to > min && from < max;
    }).map(
      (entry) =>
        html`<li><span class="swatch" style="background:${entry.color}"></span>${tr.label(entry.label)}</li>`,
    )}</ul>
  </figure>
  <h3>${tr.t('thermalSummerTitle')}</h3>
  <div class="stats">
    ${stat(f.integer(thermal.strong_heat_stress_days), tr.t('heatDays'))}
    ${stat(f.integer(thermal.tropical_nights), tr.t('tropicalNights'))}
    ${stat(
      thermal.summer_night_mean_utci_c === null
        ? tr.t('noData')
        : `${f.number(thermal.summer_night_mean_utci_c, 1)} °C`,
      vsCityText ? `${tr.t('summerNight')} · ${vsCityText}` : tr.t('summerNight'),
    )}
    ${stat(
      thermal.summer_day_comfort_pct === null ? tr.t('noData') : f.percent(thermal.summer_day_comfort_pct),
      tr.t('summerDayComfort'),
    )}
  </div>
  <p>${tr.t('thermalYear', {
    mean: f.number(thermal.mean_utci_c, 1),
    min: f.number(thermal.min_utci_c, 1),
    max: f.number(thermal.max_utci_c, 1),
    pct: f.percent(thermal.comfort_pct),
  })}</p>
</section>`;
}
