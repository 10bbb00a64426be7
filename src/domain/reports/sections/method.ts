import type { MetricRegistry } from '../../metrics/metric-module.ts';
import { html, type SafeHtml } from '../html.ts';
import { lines, metricBlocks, shownMetrics } from '../metric-blocks.ts';
import { counted, modelParams, type ReportContext } from './context.ts';
import { scoreKey } from './cover.ts';
import { referenceYearText } from './weather-year.ts';

/** how the numbers were made, their limits, whom to credit, and the report's full id */
export function methodSection(
  context: ReportContext,
  meta: { attribution?: string | undefined; liveCredits?: readonly string[] | undefined; jobId: string },
  metrics: MetricRegistry,
): SafeHtml {
  const { stats, tr, f } = context;
  const m = stats.meta;
  const generated = Date.parse(m.generated_utc);
  const themes = shownMetrics(stats, metrics).map(({ module }) => module);
  const methods = metricBlocks(stats, metrics).map((shown) =>
    shown ? html`<li>${shown.module.report.method(context)}</li>` : '',
  );
  return html`<section class="method-section">
  <h2>${tr.t('methodTitle')}</h2>
  <ul class="method">
    <li>${tr.t(
      m.dataset === 'belgium_lowres' ? 'methodModel_belgium_lowres' : 'methodModel_brussels_extended',
      {
        ...modelParams(context),
        year: referenceYearText(context),
        hours: f.integer(m.hours),
        cells: counted(context, 'cells', m.n_cells),
        generated: Number.isFinite(generated) ? f.date(generated) : m.generated_utc,
      },
    )}</li>
    ${lines(methods, '\n    ')}
    <li>${tr.t('methodScores')}</li>
    <li>${tr.t('methodLimits')}</li>
  </ul>
  <h3>${tr.t('readingTitle')}</h3>
  <p class="method">${tr.t('readingIntro')}</p>
  <table class="reading"><thead><tr><th>${tr.t('colTheme')}</th><th>${tr.t('rating')}</th><th>${tr.t('score')}</th></tr></thead><tbody>${themes.map(
    (theme) => {
      const reading = theme.report.reading(context);
      return html`<tr><td>${theme.report.title(context)}</td><td>${reading.rating}</td><td>${reading.score}</td></tr>`;
    },
  )}</tbody></table>
  ${scoreKey(context)}
  <h3>${tr.t('attributionTitle')}</h3>
  <p class="method">${meta.attribution ?? tr.t('attributionDefault')}</p>
  ${
    meta.liveCredits && meta.liveCredits.length > 0
      ? html`<p class="method live-credits">${tr.t('attributionLive', { credits: meta.liveCredits.join('; ') })}</p>`
      : ''
  }
  <p class="method">${tr.t('reportId', { id: meta.jobId })}</p>
</section>`;
}
