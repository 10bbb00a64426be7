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
  test('one headline per theme: the score with the chip of its band; the rating only in a sentence', () => {
    const stats = brusselsStats();
    // a block whose own label disagrees with the key (8.4 is "Very good" on the key)
    stats.air = { ...stats.air!, rating: 5.2, good_pct: 52, score: 8.4, label: 'Good' };
    for (const lang of REPORT_LANGS) {
      const html = renderReportHtml(stats, lang, { ...META, generatedAtMs: Date.UTC(2026, 10, 20, 9, 45) });
      const cards = [...html.matchAll(/<div class="card (air|wind|thermal)">([\s\S]*?)<\/p>\n<\/div>/g)];
      assert.equal(cards.length, 3, lang);
      for (const [, theme, card] of cards) {
        assert.equal(card!.match(/class="big"/g)?.length, 1, `${lang} ${theme}: one big figure`);
        assert.equal(card!.match(/<dt>/g)?.length, 1, `${lang} ${theme}: one named figure`);
        assert.match(
          card!,
          /<p class="rating-line">[^<]*\d[,.]\d \/ 10/,
          `${lang} ${theme}: the rating explained`,
        );
      }
      // theme pages: one big figure in the box at their head too
      for (const box of html.matchAll(/<dl class="figures scorebox">([\s\S]*?)<\/dl>/g))
        assert.equal(box[1]!.match(/class="big"/g)?.length, 1, `${lang}: one figure at a theme's head`);
    }
    const english = renderReportHtml(stats, 'en', META);
    const air = english.slice(english.indexOf('<div class="card air">'));
    assert.match(
      air,
      /^<div class="card air">[\s\S]*?<dt>Score<\/dt> <dd><span class="big">8\.4<\/span> \/ 10<\/dd> <dd><span class="chip"[^>]*>Very good<\/span>/,
    );
    assert.match(air, /<p class="rating-line">Rating 5\.2 \/ 10: good air during 52% of the hours\.<\/p>/);
    const band = SCORE_LABEL_BANDS.find((entry) => entry.label === 'Very good');
    assert.equal(band?.from, 8, 'the key places 8.4 in "Very good"');
  });

  test('a report that averages cells says so where its figures are, in every language', () => {
    const stats = brusselsStats();
    assert.equal(stats.meta.sampling, 'radius');
    const said = {
      en: /These figures are the average of the 3 outdoor grid cells within 10\u00a0m of the address, so they can differ slightly from those the API gives for the point itself/,
      fr: /Ces chiffres sont la moyenne de 3 mailles extérieures dans un rayon de 10\u00a0m autour de l’adresse/,
      nl: /Deze cijfers zijn het gemiddelde van 3 buitencellen binnen 10\u00a0m rond het adres/,
    };
    for (const lang of REPORT_LANGS) {
      const html = renderReportHtml(stats, lang, META);
      const glance = html.slice(
        html.indexOf('<section class="glance">'),
        html.indexOf('</section>', html.indexOf('<section class="glance">')),
      );
      assert.match(glance, said[lang], `${lang}: under the cards`);
    }
    // one cell, or the nearest outdoor cells the API reads too: nothing to explain
    const point = {
      ...stats,
      meta: { ...stats.meta, sampling: 'nearest_outdoor' as const, distance_m: 12, n_cells: 2 },
    };
    assert.doesNotMatch(renderReportHtml(point, 'en', META), /<p class="muted sampling-note">/);
  });

  test('tropical nights are named by the air temperature, not the felt temperature, in every language', () => {
    const said = {
      en: /Tropical nights \(the air stays at 20\u00a0°C or warmer all night\)/,
      fr: /Nuits tropicales \(la température de l’air ne descend pas sous 20\u00a0°C\)/,
      nl: /Tropische nachten \(de luchttemperatuur zakt niet onder 20\u00a0°C\)/,
    };
    for (const lang of REPORT_LANGS) {
      const html = renderReportHtml(brusselsStats(), lang, META);
      assert.match(html, said[lang], lang);
      assert.doesNotMatch(
        html,
        /(UTCI|l’UTCI)[^<]{0,30}20\u00a0°C\)/,
        `${lang}: no UTCI definition of a tropical night`,
      );
    }
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

  test('times carry the zone of the place, named in the language, and the UTC offset of that date', () => {
    const winter = Date.UTC(2026, 0, 15, 19, 0);
    const summer = Date.UTC(2026, 6, 15, 18, 0);
    assert.equal(
      formatterFor('en').dateTime(winter),
      '15 January 2026 at 20:00 (Central European Standard Time, UTC+1)',
    );
    assert.equal(
      formatterFor('en').dateTime(summer),
      '15 July 2026 at 20:00 (Central European Summer Time, UTC+2)',
    );
    assert.match(
      formatterFor('fr').dateTime(winter),
      /^15 janvier 2026 à 20:00 \(heure normale d’Europe centrale, UTC\+1\)$/,
    );
    assert.match(
      formatterFor('nl').dateTime(summer),
      /^15 juli 2026 om 20:00 \(Midden-Europese zomertijd, UTC\+2\)$/,
    );
    // the zone comes from the city package: a town in another zone is dated in it, not in Brussels'
    assert.equal(
      formatterFor('en', 'Europe/London').dateTime(winter),
      '15 January 2026 at 19:00 (Greenwich Mean Time, UTC+0)',
    );
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
