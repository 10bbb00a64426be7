import { groupedBars, monthlyMeansFigure } from '../../reports/charts.ts';
import { html, type SafeHtml } from '../../reports/html.ts';
import type { MessageKey } from '../../reports/i18n/index.ts';
import { labelColor, NEUTRAL, UTCI_CLASSES, utciColor } from '../../reports/palette.ts';
import {
  counted,
  lifeBand,
  modelParams,
  monthly,
  type ReportContext,
  scoreBox,
  scoreHeldBack,
  shownLabel,
  stat,
  TOP_SCORE,
} from '../../reports/sections/context.ts';
import { SEASONS } from '../../stats/local-time.ts';
import type { Season } from '../../stats/types.ts';
import type { MetricReport } from '../metric-module.ts';
import type { ThermalBlock } from './types.ts';
import { utciClass } from './utci-class.ts';

/** the thermal theme's accent colour (the page's own; class colours come from the scales) */
const THERMAL_ACCENT = '#e0652b';

const seasonKey = (season: Season) => `season_${season}` as MessageKey;
/** a season inside a sentence needs its article in French and Dutch (l’hiver, de winter) */
const seasonInText = (season: Season) => `seasonInText_${season}` as MessageKey;

/** how summer nights here compare with the whole area the dataset covers */
function summerNightComparison(context: ReportContext, thermal: ThermalBlock): SafeHtml | '' {
  const { stats, tr, f } = context;
  const vsCity = thermal.summer_night_vs_city_c;
  if (typeof vsCity !== 'number') return '';
  const area =
    stats.meta.dataset === 'belgium_lowres'
      ? tr.t('area_belgium_lowres')
      : tr.t('area_brussels_extended', modelParams(context));
  const diff = f.number(Math.abs(vsCity), 1);
  const key: MessageKey =
    Math.abs(vsCity) < 0.05 ? 'summerNightSame' : vsCity > 0 ? 'summerNightWarmer' : 'summerNightCooler';
  return html`<p>${tr.t(key, { diff, area })}</p>`;
}

export function thermalSection(thermal: ThermalBlock, context: ReportContext): SafeHtml {
  const { tr, f } = context;
  // the comfortable band of the UTCI scale gives the "comfortable" colour
  const comfortColour = labelColor(UTCI_CLASSES, 'Comfortable') ?? '#00C000';
  const values = monthly(thermal.monthly_mean_utci_c);
  const known = values.filter((value): value is number => value !== null);
  const min = Math.min(0, Math.floor(Math.min(...known, 0) / 5) * 5);
  const max = Math.max(30, Math.ceil(Math.max(...known, 0) / 5) * 5);
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / 10) * 10; tick <= max; tick += 10) ticks.push(tick + 0); // + 0 turns -0 into 0
  // the key lists the stress classes the bars actually use, coldest first
  const shownClasses = UTCI_CLASSES.filter((entry) =>
    known.some((value) => utciClass(value) === entry.value),
  );
  const share = (value: number | null) => (value === null ? '' : f.share(value));
  return html`<section class="theme thermal">
  <h2>${tr.t('thermalTitle')}</h2>
  <p>${tr.t('thermalIntro')}</p>
  <div class="headline">
    ${scoreBox(context, thermal)}
    <div>
      <p>${tr.t('thermalRatingExplain', {
        rating: f.number(thermal.rating, 1),
        season: tr.t(seasonInText(thermal.rating_limiting_season)),
        pct: f.share(thermal.seasonal_comfort_pct[thermal.rating_limiting_season] ?? 0),
      })}</p>
      <p>${tr.t(scoreHeldBack(thermal) ? 'thermalScoreExplain' : 'thermalScoreExplainTop', {
        score: f.number(thermal.score, 1),
        label: tr.label(shownLabel(thermal)),
        season: tr.t(seasonInText(thermal.limiting_season)),
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
            { value: comfortable, color: comfortColour, caption: share(comfortable) },
            { value: acceptable, color: NEUTRAL, caption: share(acceptable) },
          ],
        };
      }),
      tr.t('thermalSeasonsTitle'),
      165,
    )}
    <ul class="legend">
      <li><span class="swatch" style="background:${comfortColour}"></span>${tr.t('legendComfortable')}</li>
      <li><span class="swatch" style="background:${NEUTRAL}"></span>${tr.t('legendAcceptable')}</li>
    </ul>
  </figure>
  ${monthlyMeansFigure(
    f,
    tr.t('thermalMonthlyTitle'),
    { values, color: (value) => utciColor(value), min, max, ticks, height: 170 },
    html`<ul class="legend">${shownClasses.map(
      (entry) =>
        html`<li><span class="swatch" style="background:${entry.color}"></span>${tr.label(entry.label)}</li>`,
    )}</ul>`,
  )}
  <p>${tr.t('thermalYear', {
    mean: f.number(thermal.mean_utci_c, 1),
    min: f.number(thermal.min_utci_c, 1),
    max: f.number(thermal.max_utci_c, 1),
    pct: f.share(thermal.comfort_pct),
  })}</p>
  <h3>${tr.t('thermalSummerTitle')}</h3>
  <div class="stats">
    ${stat(f.integer(thermal.strong_heat_stress_days), tr.t('heatDays'))}
    ${stat(f.integer(thermal.tropical_nights_air), tr.t('tropicalNights'))}
    ${stat(
      thermal.summer_night_mean_utci_c === null
        ? tr.t('noData')
        : f.measure(thermal.summer_night_mean_utci_c, 1, '°C'),
      tr.t('summerNight'),
    )}
    ${stat(
      thermal.summer_day_comfort_pct === null ? tr.t('noData') : f.share(thermal.summer_day_comfort_pct),
      tr.t('summerDayComfort'),
    )}
  </div>
  ${summerNightComparison(context, thermal)}
</section>`;
}

/**
 * Thermal advice depends on what limits comfort: heat when summer is the weakest season,
 * cold otherwise (in Belgium a weak winter, spring or autumn means cold, windy hours).
 * Talking about heat waves to a reader whose problem is a cold, exposed spot would be wrong.
 */
export function thermalLifeKey(score: number, limitingSeason: Season, heatDays = 0): MessageKey {
  // at the top score no season limits: neither heat nor cold is named as the limit
  if (score >= TOP_SCORE) return heatDays > 0 ? 'thermalLife_top_heatDays' : 'thermalLife_top';
  return `thermalLife_${lifeBand(score)}_${limitingSeason === 'summer' ? 'heat' : 'cold'}` as MessageKey;
}

/** What thermal comfort adds to a report. */
export const thermalReport: MetricReport<ThermalBlock> = {
  accent: THERMAL_ACCENT,
  // the felt temperature on summer afternoons shows the sunny and the shaded streets
  coverMap: true,
  title: ({ tr }) => tr.t('thermalTitle'),
  glance: (thermal, { tr, f }) =>
    tr.t('glanceThermal', {
      rating: f.number(thermal.rating, 1),
      season: tr.t(`seasonInText_${thermal.rating_limiting_season}` as MessageKey),
      pct: f.share(thermal.seasonal_comfort_pct[thermal.rating_limiting_season] ?? 0),
    }),
  dailyLife: (thermal, context) =>
    html`${context.tr.t(thermalLifeKey(thermal.score, thermal.limiting_season, thermal.strong_heat_stress_days))} <span class="muted">${context.tr.t(
      thermal.strong_heat_stress_days > 0 ? 'thermalHeatFacts' : 'thermalHeatFactsNone',
      {
        days: counted(context, 'days', thermal.strong_heat_stress_days),
        nights: counted(context, 'nights', thermal.tropical_nights_air),
      },
    )}</span>`,
  section: thermalSection,
  method: ({ tr }) => tr.t('methodThermal'),
  reading: ({ tr }) => ({ rating: tr.t('readingRating_thermal'), score: tr.t('readingScore_thermal') }),
};
