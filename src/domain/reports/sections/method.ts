import { html, type SafeHtml } from '../html.ts';
import type { ReportContext } from './context.ts';

/** how the numbers were made, their limits, and whom to credit */
export function methodSection(context: ReportContext, attribution: string | undefined): SafeHtml {
  const { stats, tr, f } = context;
  const m = stats.meta;
  const generated = Date.parse(m.generated_utc);
  return html`<section class="method-section">
  <h2>${tr.t('methodTitle')}</h2>
  <ul class="method">
    <li>${tr.t('methodModel', {
      year: String(m.reference_year),
      hours: f.integer(m.hours),
      cells: f.integer(m.n_cells),
      generated: Number.isFinite(generated) ? f.date(generated) : m.generated_utc,
    })}</li>
    ${stats.air ? html`<li>${tr.t('methodAir')}</li>` : ''}
    ${stats.wind ? html`<li>${tr.t('methodWind')}</li>` : ''}
    ${stats.thermal ? html`<li>${tr.t('methodThermal')}</li>` : ''}
    <li>${tr.t('methodScores')}</li>
    <li>${tr.t('methodLimits')}</li>
  </ul>
  <h3>${tr.t('attributionTitle')}</h3>
  <p class="method">${attribution ?? tr.t('attributionDefault')}</p>
</section>`;
}
