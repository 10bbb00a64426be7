import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createChromiumRenderer } from '../../../src/adapters/pdf/chromium.ts';
import {
  AUTOMATION_DISABLED_FEATURES,
  PdfUnavailableError,
} from '../../../src/adapters/pdf/chromium-browser.ts';
import { loadReportFonts } from '../../../src/adapters/pdf/font.ts';
import { renderReportHtml } from '../../../src/domain/reports/template.ts';
import type { JobView } from '../../../src/services/reports/service.ts';
import { chromiumChildren } from '../../helpers/chromium.ts';
import { BRUSSELS_ADDRESS, brusselsStats, NAMUR_ADDRESS, namurStats } from '../../helpers/report-stats.ts';
import { startHarness, tempDatabase } from '../../helpers/reports.ts';
import { until } from '../../helpers/until.ts';

/** Real printing with Debian's Chromium; text read back with pdftotext (poppler-utils). */
const dir = mkdtempSync(join(tmpdir(), 'svc-pdf-'));
const renderer = createChromiumRenderer();
after(async () => {
  await renderer.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfText(pdf: Buffer, name: string, page?: number): string {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, pdf);
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', ['-layout', ...range, path, '-'], { encoding: 'utf8' }).replace(
    /\s+/gu,
    ' ',
  );
}

function pdfInfo(pdf: Buffer, name: string): { pages: number; size: string } {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, pdf);
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '' };
}

const META = { jobId: '0b6f7c9e-2d4a-4c1e-9f3b-8a7d6e5c4b3a', generatedAtMs: Date.UTC(2026, 10, 20, 9, 45) };

describe('PDF from the report HTML', () => {
  test('a French Brussels report prints on five A4 pages, one theme per page', async () => {
    const html = renderReportHtml(brusselsStats(), 'fr', {
      ...META,
      address: BRUSSELS_ADDRESS,
      fonts: loadReportFonts() ?? [],
    });
    const pdf = await renderer.render(html);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const info = pdfInfo(pdf, 'brussels-fr');
    assert.equal(info.pages, 5);
    assert.match(info.size, /\(A4\)$/);
    const all = pdfText(pdf, 'brussels-fr');
    for (const text of [
      'Rapport environnemental',
      BRUSSELS_ADDRESS,
      '7,2 / 10',
      'Médiocre',
      '32,4 µg/m³',
      'Méthode et sources',
    ]) {
      assert.ok(all.includes(text), text);
    }
    assert.ok(pdfText(pdf, 'brussels-fr', 2).trimStart().startsWith('Qualité de l’air'));
    assert.ok(pdfText(pdf, 'brussels-fr', 3).trimStart().startsWith('Confort au vent'));
    assert.ok(pdfText(pdf, 'brussels-fr', 4).trimStart().startsWith('Confort thermique'));
    // the page footer from the print CSS
    assert.match(pdfText(pdf, 'brussels-fr', 3), /fichiers conservés 30 jours 3 ?\/ ?5/);
  });

  test('Dutch and English nationwide reports print with their own text, concurrently on one browser', async () => {
    const [nl, en] = await Promise.all(
      (['nl', 'en'] as const).map((lang) =>
        renderer.render(renderReportHtml(namurStats(), lang, { ...META, address: NAMUR_ADDRESS })),
      ),
    );
    const nlText = pdfText(nl as Buffer, 'namur-nl');
    assert.ok(nlText.includes('Omgevingsrapport'));
    assert.ok(nlText.includes('Nationale gegevens voor België'));
    assert.ok(nlText.includes('8,6 / 10'));
    const enText = pdfText(en as Buffer, 'namur-en');
    assert.ok(enText.includes('Environmental report'));
    assert.ok(enText.includes('Belgium (nationwide dataset)'));
    assert.ok(enText.includes('Pollutant that limits the score: fine particles (PM2.5).'));
  });

  test('prints on reused pages keep each report apart: own text only, print media, no script, no network', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const doc = (word: string) =>
      `<!doctype html><html lang="en"><head><title>${word}</title>` +
      `<style>@media screen{.print-only{display:none}}@media print{.screen-only{display:none}}</style>` +
      `<link rel="stylesheet" href="http://127.0.0.1:${port}/${word}.css"></head><body>` +
      `<p>${word} report</p><p class="print-only">${word} on paper</p><p class="screen-only">${word} on screen</p>` +
      `<img src="http://127.0.0.1:${port}/${word}.png" alt="">` +
      `<script>document.body.insertAdjacentText('beforeend', '${word} scripted')</script></body></html>`;
    const pooled = createChromiumRenderer({ maxPages: 1 });
    try {
      const words = ['alpha', 'bravo', 'charlie', 'delta'];
      const check = (word: string, pdf: Buffer) => {
        const text = pdfText(pdf, `pooled-${word}`);
        assert.ok(text.includes(`${word} report`), text);
        assert.ok(text.includes(`${word} on paper`), text);
        assert.ok(!text.includes('on screen'), text);
        assert.ok(!text.includes('scripted'), text);
        for (const other of words.filter((name) => name !== word)) {
          assert.ok(!text.includes(other), `${other} in ${word}: ${text}`);
        }
      };
      // one page, so every print runs on the page the one before used: three queued at
      // once (each takes the page straight from the one before), then one after a pause
      const queued = await Promise.all(words.slice(0, 3).map((word) => pooled.render(doc(word))));
      for (const [index, pdf] of queued.entries()) check(words[index] as string, pdf);
      await new Promise((resolve) => setTimeout(resolve, 200));
      check('delta', await pooled.render(doc('delta')));
      assert.equal(requests, 0);
    } finally {
      await pooled.close();
      server.close();
    }
  });

  test('a browser that dies is launched again by the next render', async () => {
    const own = createChromiumRenderer();
    try {
      await own.warmUp?.();
      const before = chromiumChildren();
      assert.ok(before.length > 0, 'warmUp starts the browser before any print');
      pdfText(await own.render('<!doctype html><title>t</title><p>before the crash</p>'), 'crash-before');
      for (const pid of before) process.kill(pid, 'SIGKILL');
      await until(() => chromiumChildren().every((pid) => !before.includes(pid)), {
        what: 'the killed browser to be gone',
      });
      const text = pdfText(
        await own.render('<!doctype html><title>t</title><p>after the crash</p>'),
        'crash-after',
      );
      assert.ok(text.includes('after the crash'));
      assert.ok(
        chromiumChildren().some((pid) => !before.includes(pid)),
        'a new browser process',
      );
    } finally {
      await own.close();
    }
  });

  test('the browser gets one --disable-features switch with every automation feature and the omnibox popup', async () => {
    const own = createChromiumRenderer();
    try {
      await own.warmUp?.();
      const [pid] = chromiumChildren();
      assert.ok(pid, 'a browser process');
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const switches = args.filter((arg) => arg.startsWith('--disable-features='));
      // Chromium reads the last one only: there must be exactly one, holding them all
      assert.equal(switches.length, 1, switches.join(' '));
      const effective = new Set(switches[0]?.slice('--disable-features='.length).split(','));
      for (const feature of [...AUTOMATION_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']) {
        assert.ok(effective.has(feature), `${feature} is not disabled`);
      }
      // driven over a pipe: no debugging port another process could connect to
      assert.ok(args.includes('--remote-debugging-pipe'));
      assert.ok(!args.some((arg) => arg.startsWith('--remote-debugging-port')));
    } finally {
      await own.close();
    }
  });

  test('warmUp without a runnable browser resolves; the render still rejects with the clear error', async () => {
    const broken = createChromiumRenderer({ executablePath: '/nonexistent/chromium' });
    await broken.warmUp?.();
    await assert.rejects(broken.render('<p>x</p>'), PdfUnavailableError);
    await broken.close();
  });

  test('without a runnable browser, render rejects with a clear error', async () => {
    const broken = createChromiumRenderer({ executablePath: '/nonexistent/chromium' });
    await assert.rejects(broken.render('<p>x</p>'), (error: unknown) => {
      assert.ok(error instanceof PdfUnavailableError);
      assert.match(error.message, /Chromium could not be started \(\/nonexistent\/chromium\)/);
      return true;
    });
    await broken.close();
  });

  test('a job whose browser cannot start completes with pdf_pending', async () => {
    const db = await tempDatabase('sqlite');
    const broken = createChromiumRenderer({ executablePath: '/nonexistent/chromium' });
    const h = await startHarness({
      opened: db.opened,
      renderer: Object.assign(broken, { state: { failing: true, calls: 0, closed: false } }),
    });
    try {
      const accepted = await h.service.submit({
        keyId: 'key_a',
        reportsPerDay: 5,
        scope: { cities: ['*'], metrics: ['*'] },
        body: { address: 'Grand-Place 1' },
      });
      await h.service.idle();
      const view = (await h.service.get('key_a', accepted.job_id)) as Extract<
        JobView,
        { status: 'completed' }
      >;
      assert.equal(view.status, 'completed');
      assert.equal(view.pdf_pending, true);
      assert.equal(view.files.pdf, undefined);
    } finally {
      await h.close();
      await db.drop();
    }
  });
});
