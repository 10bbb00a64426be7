import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadReportFonts } from '../../../src/adapters/pdf/font.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import { BRUSSELS_ADDRESS, brusselsStats, namurStats } from '../../helpers/report-stats.ts';

const META = {
  jobId: '0b6f7c9e-2d4a-4c1e-9f3b-8a7d6e5c4b3a',
  address: BRUSSELS_ADDRESS,
  generatedAtMs: Date.UTC(2026, 10, 20, 9, 45),
};

/** text content without tags, with any kind of space as a plain space */
function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/gu, ' ');
}

describe('report HTML', () => {
  const en = renderReportHtml(brusselsStats(), 'en', META);
  const fr = renderReportHtml(brusselsStats(), 'fr', META);
  const nl = renderReportHtml(brusselsStats(), 'nl', META);

  test('is one page in the requested language with its headings', () => {
    assert.match(en, /^<!doctype html>\s*<html lang="en">/);
    assert.match(fr, /<html lang="fr">/);
    assert.match(nl, /<html lang="nl">/);
    for (const heading of [
      'Environmental report',
      'Air quality',
      'Wind comfort',
      'Thermal comfort',
      'Method and sources',
    ]) {
      assert.ok(textOf(en).includes(heading), heading);
    }
    for (const heading of [
      'Rapport environnemental',
      'Qualité de l’air',
      'Confort au vent',
      'Confort thermique',
      'Méthode et sources',
    ]) {
      assert.ok(textOf(fr).includes(heading), heading);
    }
    for (const heading of [
      'Omgevingsrapport',
      'Luchtkwaliteit',
      'Windcomfort',
      'Thermisch comfort',
      'Methode en bronnen',
    ]) {
      assert.ok(textOf(nl).includes(heading), heading);
    }
  });

  test('shows the statistics with numbers written the local way', () => {
    // air rating 7.2, good share 71.6 %, NO2 yearly average 32.4 µg/m³, 8 761 graded hours
    assert.ok(textOf(en).includes('7.2 / 10'));
    assert.ok(textOf(en).includes('32.4 µg/m³'));
    assert.ok(textOf(en).includes('8,761 graded hours'));
    assert.ok(textOf(fr).includes('7,2 / 10'));
    assert.ok(textOf(fr).includes('32,4 µg/m³'));
    assert.ok(textOf(fr).includes('8 761 heures évaluées'));
    assert.ok(textOf(fr).includes('72 %'));
    assert.ok(textOf(nl).includes('7,2 / 10'));
    assert.ok(textOf(nl).includes('8.761 beoordeelde uren'));
    assert.ok(textOf(nl).includes('72%'));
    // dates in each language, Belgian time
    assert.ok(textOf(en).includes('20 November 2026'));
    assert.ok(textOf(fr).includes('20 novembre 2026'));
    assert.ok(textOf(nl).includes('20 november 2026'));
    // month names on the charts
    assert.ok(fr.includes('>Juil.<'));
    assert.ok(nl.includes('>Jul<'));
  });

  test('names the limiting pollutant, the seasons and the labels in the reader’s language', () => {
    assert.ok(textOf(en).includes('Pollutant that limits the score: nitrogen dioxide (NO₂).'));
    assert.ok(textOf(fr).includes('Polluant qui limite le score : dioxyde d’azote (NO₂).'));
    assert.ok(textOf(nl).includes('Polluent die de score beperkt: stikstofdioxide (NO₂).'));
    assert.ok(textOf(fr).includes('automne'));
    assert.ok(textOf(nl).includes('herfst'));
    assert.ok(textOf(fr).includes('Médiocre'));
    assert.ok(textOf(nl).includes('Rustig'));
  });

  test('colours the distributions with the published scale colours', () => {
    // BelAQI class 1 and 10, wind Calm and Danger, UTCI Comfortable (src/domain/scales)
    for (const colour of ['#012BF5', '#8E2695', '#0000FF', '#BF0000', '#00C000']) {
      assert.ok(en.includes(`fill="${colour}"`) || en.includes(`background:${colour}`), colour);
    }
  });

  test('compares with the city reference and warns about dangerous wind', () => {
    assert.ok(textOf(en).includes('City-centre reference'));
    assert.ok(textOf(en).includes('does worse by 3.2 percentage points'));
    assert.ok(textOf(en).includes('Dangerous wind occurred during 0.10% of the hours'));
    const calm = renderReportHtml(namurStats(), 'en', META);
    assert.ok(!textOf(calm).includes('Dangerous wind occurred'));
    assert.ok(textOf(calm).includes('Belgium (nationwide dataset)'));
  });

  test('makes no external request: no URL in any src or href, no script', () => {
    const font = loadReportFonts();
    assert.ok(font && font.length === 4, 'the font package is installed');
    for (const face of font) assert.ok(face.dataUrl.startsWith('data:font/woff2;base64,'));
    const withFont = renderReportHtml(brusselsStats(), 'en', { ...META, fonts: font ?? [] });
    for (const page of [en, fr, nl, withFont]) {
      assert.doesNotMatch(page, /\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
      assert.doesNotMatch(page, /url\(\s*["']?(?:https?:)?\/\//i);
      assert.doesNotMatch(page, /@import/i);
      assert.doesNotMatch(page, /<script/i);
      assert.doesNotMatch(page, /<(?:img|link|iframe|object|embed)\b/i);
    }
    assert.ok(withFont.includes('src:url(data:font/woff2;base64,'));
  });

  test("credits the live feeds' providers beside the attribution, translated, only when given", () => {
    const credits = [
      'Air quality observations: IRCEL-CELINE (CC BY 4.0)',
      'Weather data by Open-Meteo.com (CC BY 4.0)',
    ];
    const withFeeds = renderReportHtml(brusselsStats(), 'nl', { ...META, liveCredits: credits });
    const line = /<p class="method live-credits">([^<]*)<\/p>/.exec(withFeeds)?.[1] ?? '';
    assert.match(line, /^De live gegevens achter de realtime- en verwachtingsantwoorden/);
    assert.ok(line.includes(credits.join('; ')));
    assert.ok(!en.includes('live-credits'), 'no line without feeds');
  });

  test('escapes every interpolated string', () => {
    const page = renderReportHtml(brusselsStats(), 'en', {
      ...META,
      address: '<script>alert("x")</script> & Co',
      attribution: '<img src=x onerror=alert(1)>',
    });
    assert.ok(!page.includes('<script>alert'));
    assert.ok(page.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co'));
    assert.ok(!page.includes('<img src=x'));
  });

  test('leaves out a block the statistics do not have', () => {
    const stats = brusselsStats();
    delete stats.thermal;
    const page = textOf(renderReportHtml(stats, 'en', META));
    assert.ok(!page.includes('Summer heat'));
    assert.ok(!page.includes('Thermal comfort'), 'no card, section or method line for it');
    assert.ok(page.includes('Wind comfort') && page.includes('Air quality'));
    assert.ok(
      page.includes('Air quality and wind comfort at this address'),
      'the subtitle names what is shown',
    );
  });

  test('carries print CSS for A4', () => {
    assert.match(en, /@page\{size:A4/);
    assert.match(en, /@media print\{/);
  });
});
