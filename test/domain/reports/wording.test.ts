import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatterFor } from '../../../src/domain/reports/format.ts';
import { REPORT_LANGS } from '../../../src/domain/reports/i18n/index.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import { SCORE_LABEL_BANDS } from '../../../src/domain/stats/score-label.ts';
import { BRUSSELS_ADDRESS, brusselsStats } from '../../helpers/report-stats.ts';

/** Issue #12, item 2: wording a reader cannot misread. */
const META = { jobId: '0b6f7c9e-2d4a-4c1e-9f3b-8a7d6e5c4b3a', address: BRUSSELS_ADDRESS, generatedAtMs: 0 };

describe('report wording', () => {
  test('each figure has its own name, and the chip is the band of the score as printed', () => {
    const stats = brusselsStats();
    // a block whose own label disagrees with the key (8.4 is "Very good" on the key)
    stats.air = { ...stats.air!, rating: 5.2, score: 8.4, label: 'Good' };
    const html = renderReportHtml(stats, 'en', { ...META, generatedAtMs: Date.UTC(2026, 10, 20, 9, 45) });
    const start = html.indexOf('<div class="card air">');
    const card = html.slice(start, html.indexOf('</div>\n</div>', start));
    assert.match(card, /<dt>Rating<\/dt> <dd><span class="big">5\.2<\/span> \/ 10<\/dd>/);
    assert.match(
      card,
      /<dt>Score<\/dt> <dd><span class="big">8\.4<\/span> \/ 10<\/dd> <dd><span class="chip"[^>]*>Very good<\/span>/,
    );
    const band = SCORE_LABEL_BANDS.find((entry) => entry.label === 'Very good');
    assert.equal(band?.from, 8, 'the key places 8.4 in "Very good"');
  });

  test('the wind page explains the classes and the 2.5 m/s sitting limit', () => {
    const html = renderReportHtml(brusselsStats(), 'en', META);
    assert.match(
      html,
      /<b>Calm \d+%<\/b> · below 4\u00a0m\/s: comfortable for walking, standing and sitting for a while/,
    );
    assert.match(html, /Above 2\.5\u00a0m\/s, the limit for long sitting/);
    assert.match(html, /Hours between 2\.5 and 4\u00a0m\/s still count as calm/);
    assert.doesNotMatch(html, /Too windy for long outdoor sitting/);
  });

  test('times carry Europe/Brussels and the UTC offset of that date', () => {
    const winter = Date.UTC(2026, 0, 15, 19, 0);
    const summer = Date.UTC(2026, 6, 15, 18, 0);
    assert.equal(formatterFor('en').dateTime(winter), '15 January 2026 at 20:00 (Europe/Brussels, UTC+1)');
    assert.equal(formatterFor('en').dateTime(summer), '15 July 2026 at 20:00 (Europe/Brussels, UTC+2)');
    assert.match(
      formatterFor('fr').dateTime(winter),
      /^15 janvier 2026 à 20:00 \(Europe\/Brussels, UTC\+1\)$/,
    );
    assert.match(formatterFor('nl').dateTime(summer), /^15 juli 2026 om 20:00 \(Europe\/Brussels, UTC\+2\)$/);
  });

  test('month labels are abbreviated alike in each language', () => {
    for (const lang of REPORT_LANGS) {
      const labels = Array.from({ length: 12 }, (_, index) => formatterFor(lang).monthLabel(index + 1));
      assert.equal(new Set(labels).size, 12, lang);
      if (lang !== 'fr') for (const label of labels) assert.equal(label.length, 3, `${lang} ${label}`);
    }
    assert.equal(formatterFor('en').monthLabel(9), 'Sep');
    assert.equal(formatterFor('fr').monthLabel(9), 'Sept.');
  });
});
