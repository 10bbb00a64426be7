import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { loadReportFonts } from '../../../src/adapters/pdf/font.ts';
import { REPORT_LANGS } from '../../../src/domain/reports/i18n/index.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import { brusselsStats } from '../../helpers/report-stats.ts';
import { launchWebGlChromium } from '../../helpers/webgl-chromium.ts';

/**
 * Issue #49: the glance cards are laid out alike whatever their labels' length (the chip
 * of "Excellent" wrapped under the score in some cards only). Laid out by Chromium as
 * printed (print media, the A4 page's 182 mm of width), every score band in every card,
 * in the three languages: each chip sits on its score's line, inside its card, at the
 * same height in every card.
 */
let browser: Browser;
before(async () => {
  browser = await launchWebGlChromium();
});
after(async () => {
  await browser?.close();
});

/** a score in each band of the key, Excellent to Bad */
const BAND_SCORES = [10, 8.5, 6.5, 4.5, 2.5, 0.5];

/** printed (the A4 page's 182 mm), and on screens from a phone to a desktop */
const LAYOUTS = [
  { media: 'print', width: 688 },
  { media: 'screen', width: 360 },
  { media: 'screen', width: 600 },
  { media: 'screen', width: 760 },
  { media: 'screen', width: 1000 },
] as const;

for (const { media, width } of LAYOUTS)
  test(`${media} ${width} px: every card keeps its chip on its score’s line, inside the card, at any label length`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 1100 } });
    await page.emulateMedia({ media });
    const fonts = loadReportFonts() ?? [];
    let checked = 0;
    for (const lang of REPORT_LANGS) {
      for (let shift = 0; shift < BAND_SCORES.length; shift++) {
        const stats = brusselsStats();
        const score = (index: number) => BAND_SCORES[(shift + index) % BAND_SCORES.length]!;
        stats.air = { ...stats.air!, score: score(0) };
        stats.wind = { ...stats.wind!, score: score(1) };
        stats.thermal = { ...stats.thermal!, score: score(2) };
        const html = renderReportHtml(stats, lang, {
          jobId: '5d1c3c2e-8a7b-4f60-9d2e-1b0a9c8d7e6f',
          address: 'Grand-Place 1, 1000 Bruxelles',
          generatedAtMs: Date.UTC(2026, 11, 3, 7),
          fonts,
        });
        await page.setContent(html, { waitUntil: 'load' });
        const cards = await page.$$eval('.glance .card, .scorebox', (elements) =>
          elements.map((card) => {
            const box = card.getBoundingClientRect();
            const big = card.querySelector('.big')!.getBoundingClientRect();
            const chip = card.querySelector('.chip')!.getBoundingClientRect();
            const style = getComputedStyle(card);
            return {
              label: card.querySelector('.chip')!.textContent,
              cut: card.querySelector('.chip')!.scrollWidth > card.querySelector('.chip')!.clientWidth + 1,
              right: box.right - Number.parseFloat(style.paddingRight),
              big: { top: big.top - box.top, bottom: big.bottom - box.top },
              chip: { top: chip.top - box.top, bottom: chip.bottom - box.top, right: chip.right },
            };
          }),
        );
        assert.equal(cards.length, 6, 'three cards and three theme boxes');
        for (const card of cards) {
          const at = `${lang} ${card.label}`;
          assert.ok(
            card.chip.top < card.big.bottom && card.chip.bottom > card.big.top,
            `${at}: on the score's line`,
          );
          assert.ok(card.chip.right <= card.right + 0.5, `${at}: inside the card`);
          assert.ok(!card.cut, `${at}: the whole label shown`);
          checked++;
        }
        const tops = cards.slice(0, 3).map((card) => Math.round(card.chip.top));
        assert.ok(
          Math.max(...tops) - Math.min(...tops) <= 1,
          `${lang} ${cards.map((c) => c.label)}: chips at one height: ${tops}`,
        );
      }
    }
    assert.equal(checked, REPORT_LANGS.length * BAND_SCORES.length * 6);
    await page.close();
  });
