import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createChromiumRenderer } from '../../../src/adapters/pdf/chromium.ts';
import { loadReportFonts } from '../../../src/adapters/pdf/font.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import { brusselsStats } from '../../helpers/report-stats.ts';

/**
 * Issue #38 item 8: labels that broke reports, printed by Debian's Chromium and read
 * back with poppler-utils (pdfinfo, pdffonts, pdftotext).
 */
const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-labels-'));
const renderer = createChromiumRenderer();
after(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

const META = { jobId: '5d1c3c2e-8a7b-4f60-9d2e-1b0a9c8d7e6f', generatedAtMs: Date.UTC(2026, 10, 20, 9, 45) };

async function printed(name: string, address: string): Promise<{ html: string; path: string }> {
  const html = renderReportHtml(brusselsStats(), 'en', { ...META, address, fonts: loadReportFonts() ?? [] });
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, await renderer.render(html));
  return { html, path };
}

const pages = (path: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

describe('labels that used to break a report', () => {
  test('a 6,000-character label still prints on five pages, truncated with an ellipsis', async () => {
    const labels = {
      words: `Rue ${'Longue '.repeat(857)}`.slice(0, 6000),
      unbroken: 'X'.repeat(6000),
      cjk: '東京都渋谷区神南一丁目'.repeat(600).slice(0, 6000),
    };
    for (const [name, label] of Object.entries(labels)) {
      assert.equal(label.length, 6000);
      const { html, path } = await printed(`long-${name}`, label);
      assert.equal(pages(path), 5, `${name}: five pages`);
      const shown = /<p class="address"><bdi dir="auto">([^<]*)<\/bdi>/.exec(html)?.[1] ?? '';
      assert.ok(shown.endsWith('…') && shown.length < 200, `${name}: the title is cut: ${shown.length}`);
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
      assert.match(text, /…/u, `${name}: the ellipsis is printed`);
    }
  });

  test('CJK and emoji print with embedded Noto fonts, not as empty boxes', async () => {
    const { path } = await printed('cjk-emoji', '東京都渋谷区 🏠🌳 서울');
    const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' }).trim().split('\n').slice(2);
    // Chromium embeds these OpenType-CFF and colour-bitmap fonts as Type 3 fonts, which
    // pdffonts lists without a name: each embedded, with a ToUnicode map
    const type3 = fonts.filter((line) => /Type 3/.test(line));
    assert.ok(type3.length >= 2, fonts.join('\n'));
    for (const line of fonts)
      assert.match(line, /\byes\s+(yes|no)\s+yes\b/, `embedded, with Unicode: ${line}`);
    // their names are in the font descriptors Chromium writes uncompressed
    const pdf = readFileSync(path, 'latin1');
    const embedded = [...pdf.matchAll(/\/FontName \/[A-Z]{6}\+(\S+)/g)].map((match) => match[1]);
    assert.ok(
      embedded.some((name) => /^NotoSansCJK/.test(name ?? '')),
      embedded.join(', '),
    );
    assert.ok(
      embedded.some((name) => /^NotoColorEmoji/.test(name ?? '')),
      embedded.join(', '),
    );
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
    assert.match(text, /東京都渋谷区 🏠🌳 서울/u);
  });

  test('a right-to-left override in a label stays inside the label and its own span', async () => {
    const { html, path } = await printed('override', 'Rue \u202eevil\u202c, 1000');
    assert.match(html, /<p class="address"><bdi dir="auto">Rue <bdo dir="rtl">evil<\/bdo>, 1000<\/bdi><\/p>/);
    assert.doesNotMatch(html, /[\u202a-\u202e]/u, 'no embedding or override character is left in the page');
    // printed: the overridden word reversed, the house number after it in reading order
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' });
    assert.match(text, /Rue live, 1000/);
    assert.doesNotMatch(text, /1000 ,/);
  });
});
