import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../src/adapters/pdf/chromium-browser.ts';
import { awayFromUtcMidnight } from '../helpers/clock-edges.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

/**
 * Issue #12, item 1 and 3 through HTTP on the real composition (model, gazetteer,
 * Chromium): well-known addresses whose point lies inside a building complete, sampled
 * exactly like the historical statistics; a radius the caller chose that holds no outdoor
 * cell is refused before anything is counted; labels come in the report's language.
 */
let service: TestService;
let key: string;
before(async () => {
  service = await startTestService();
  key = await service.createKey(['--rate-per-min', '10000', '--reports-per-day', '50']);
});
after(() => service.close());

const inject = (options: InjectOptions, secret = key) =>
  service.composition.app.inject({
    ...options,
    headers: { 'x-api-key': secret, 'content-type': 'application/json', ...(options.headers ?? {}) },
  });
const post = (body: unknown, secret = key) =>
  inject({ method: 'POST', url: '/v1/reports', payload: JSON.stringify(body) }, secret);

async function finished(jobId: string, secret = key) {
  for (let i = 0; i < 600; i++) {
    const job = (await inject({ url: `/v1/reports/${jobId}` }, secret)).json();
    if (job.status !== 'processing') return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`job ${jobId} did not finish`);
}

/** the visible text of the report's "Values taken from" line */
function samplingLine(html: string): string {
  const match = /<dt>Values taken from<\/dt><dd>([^<]*)<\/dd>/.exec(html);
  assert.ok(match, 'the cover states how values were sampled');
  return match[1]!.replaceAll('\u00a0', ' ');
}

const WELL_KNOWN = [
  'Palais de Justice',
  'Gare Centrale',
  'Parlement européen',
  'Place de Brouckère',
  'Rue Haute',
  'Sablon',
];

describe('reports for well-known addresses (issue #12)', () => {
  test('every one completes; inside a building it reads the nearest outdoor cells, as /historical/stats does', async () => {
    const accepted = await Promise.all(WELL_KNOWN.map((address) => post({ address })));
    for (const response of accepted) assert.equal(response.statusCode, 202, response.body);
    let nearest = 0;
    for (const [index, response] of accepted.entries()) {
      const address = WELL_KNOWN[index]!;
      const job = await finished(response.json().job_id);
      assert.equal(job.status, 'completed', `${address}: ${JSON.stringify(job)}`);
      assert.ok(job.files.pdf, `${address}: PDF printed`);
      const html = (await inject({ url: job.files.html.url })).body;
      const line = samplingLine(html);
      const stats = await inject({
        url: `/v1/historical/stats?address=${encodeURIComponent(address)}&metrics=air`,
      });
      assert.equal(stats.statusCode, 200, stats.body);
      const meta = stats.json().meta;
      if (meta.sampling === 'nearest_outdoor' && meta.distance_m > 10) {
        nearest += 1;
        assert.match(line, /nearest outdoor cells/, `${address}: ${line}`);
        assert.ok(
          line.includes(`${Math.round(meta.distance_m)} m`),
          `${address}: the report states the distance ${meta.distance_m} m: ${line}`,
        );
      } else {
        // at the point, or inside a building whose nearest outdoor cell lies within the
        // report's 10 m: the report averages the outdoor cells there (real Brussels: the
        // European Parliament's point, 1 cell)
        if (meta.sampling === 'nearest_outdoor') nearest += 1;
        assert.match(line, /average of \d+ outdoor grid cells? within 10 m|grid cell containing/, line);
      }
    }
    assert.ok(nearest >= 1, 'at least one of these addresses lies inside a building');
  });

  test('a radius the caller chose with no outdoor cell is a 422 before counting; the default radius is served', async () => {
    const limited = await service.createKey(['--reports-per-day', '1']);
    // the refusal, the one report and the next one's 429 on one UTC day (the quota resets at
    // midnight): the report runs in between, a minute or more on a loaded machine
    await awayFromUtcMidnight(10 * 60_000);
    const inside = await inject({ url: '/v1/historical/stats?address=Palais%20de%20Justice&metrics=air' });
    const { lat, lon } = inside.json().location;
    // find a radius the historical statistics refuse there, and ask the report for the same
    const refusedByStats = await inject({
      url: `/v1/historical/stats?lat=${lat}&lon=${lon}&radius=5&metrics=air`,
    });
    if (refusedByStats.statusCode === 422) {
      const refused = await post({ lat, lon, radius: 5 }, limited);
      assert.equal(refused.statusCode, 422, refused.body);
      assert.equal(refused.json().code, 'outside_coverage');
      assert.match(refused.json().detail, /omit it/);
    } else {
      assert.equal(inside.json().meta.sampling, 'point', 'the point is outdoors, so any radius samples');
    }
    // nothing was counted: the one report of the day is still available, at the default radius
    const served = await post({ lat, lon }, limited);
    assert.equal(served.statusCode, 202, served.body);
    assert.equal((await finished(served.json().job_id, limited)).status, 'completed');
    assert.equal((await post({ lat, lon }, limited)).statusCode, 429);
  });

  test('the address label is in the report language, forward and reverse', async () => {
    const nl = await post({ address: 'Grand-Place', lang: 'nl' });
    const fr = await post({ address: 'Grote Markt Brussel', lang: 'fr' });
    const en = await post({ address: 'Grote Markt Brussel', lang: 'en' });
    const reverse = await post({ lat: 50.8467, lon: 4.3525, lang: 'nl' });
    assert.equal((await finished(nl.json().job_id)).address, 'Grote Markt, 1000 Brussel');
    assert.equal((await finished(fr.json().job_id)).address, 'Grand-Place, 1000 Bruxelles');
    assert.equal((await finished(en.json().job_id)).address, 'Grand Place, 1000 Brussels');
    const reversed = await finished(reverse.json().job_id);
    assert.equal(reversed.address, 'Grote Markt, 1000 Brussel');
    const html = (await inject({ url: reversed.files.html.url })).body;
    assert.match(html, /<p class="address"><bdi dir="auto">Grote Markt, 1000 Brussel<\/bdi><\/p>/);
  });
});

/** the report's files as a reader gets them: PDF through poppler, HTML through Chromium */
describe('rendered report files (issue #12)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-report-files-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const orders = [
    { name: 'grand-place-en', body: { address: 'Grand-Place', lang: 'en' } },
    { name: 'grand-place-fr', body: { address: 'Grand-Place', lang: 'fr' } },
    { name: 'grand-place-nl', body: { address: 'Grand-Place', lang: 'nl' } },
    { name: 'durbuy-nl', body: { address: 'Durbuy', lang: 'nl' } },
  ] as const;
  const files = new Map<string, { html: string; pdf: string }>();
  before(async () => {
    const accepted = await Promise.all(orders.map((order) => post(order.body)));
    for (const [index, response] of accepted.entries()) {
      const job = await finished(response.json().job_id);
      assert.equal(job.status, 'completed', JSON.stringify(job));
      const name = orders[index]!.name;
      const html = (await inject({ url: job.files.html.url })).body;
      const pdfPath = join(dir, `${name}.pdf`);
      writeFileSync(pdfPath, (await inject({ url: job.files.pdf.url })).rawPayload);
      files.set(name, { html, pdf: pdfPath });
    }
  });
  const poppler = (tool: string, ...args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

  test('PDF: fonts embedded as TrueType, none Type 3; tagged, with outline, title and language', () => {
    for (const [name, { pdf }] of files) {
      const fonts = poppler('pdffonts', pdf);
      assert.doesNotMatch(fonts, /Type 3/, `${name}: ${fonts}`);
      assert.match(fonts, /Inter-Regular\s+CID TrueType/, name);
      for (const line of fonts.split('\n').slice(2).filter(Boolean))
        assert.match(line, /\byes\s+yes\s+yes\b/, `${name}: every font embedded, subset, with Unicode map`);
      const info = poppler('pdfinfo', pdf);
      assert.match(info, /^Tagged:\s+yes$/m, name);
      const lang = name.slice(-2);
      const raw = readFileSync(pdf).toString('latin1');
      assert.match(raw, new RegExp(`/Lang \\(${lang}\\)`), `${name}: document language`);
      assert.match(raw, /\/Outlines \d+ 0 R/, `${name}: an outline`);
    }
    const info = poppler('pdfinfo', files.get('grand-place-nl')!.pdf);
    assert.match(info, /^Title:\s+Omgevingsrapport · Grote Markt, 1000 Brussel$/m);
  });

  test('PDF: pdftotext recovers headings and figures in reading order', async () => {
    const stats = (
      await inject({ url: '/v1/historical/stats?address=Grand-Place&metrics=air,wind,thermal&radius=10' })
    ).json();
    const text = poppler('pdftotext', files.get('grand-place-nl')!.pdf, '-')
      .replaceAll('\u00a0', ' ')
      .replace(/\s+/g, ' ');
    const nl = (value: number) => value.toFixed(1).replace('.', ',');
    // headings and sections in the order a reader meets them
    const sequence = [
      'Omgevingsrapport',
      'Grote Markt, 1000 Brussel',
      'Het adres en de omgeving',
      'In één oogopslag',
      'Wat dit betekent in het dagelijks leven',
      'Luchtkwaliteit',
      'Verdeling van de uren per klasse (BelAQI)',
      'Windcomfort',
      'Verdeling van de uren per windcomfortklasse',
      'Boven 2,5 m/s, de grens om lang te zitten',
      'Thermisch comfort',
      'Gemiddelde gevoelstemperatuur (UTCI) per maand',
      'Methode en bronnen',
      'Hoe de cijfers te lezen',
    ];
    let at = 0;
    for (const item of sequence) {
      const found = text.indexOf(item, at);
      assert.ok(found >= 0, `"${item}" after position ${at}`);
      at = found + item.length;
    }
    // every figure right after its own name
    for (const theme of ['air', 'wind', 'thermal'] as const) {
      const block = stats[theme];
      assert.ok(text.includes(`Beoordeling ${nl(block.rating)} / 10`), `${theme} rating ${block.rating}`);
      assert.ok(text.includes(`Score ${nl(block.score)} / 10`), `${theme} score ${block.score}`);
    }
  });

  test('HTML: no horizontal scrolling on a 360 px phone in en, fr and nl', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 1,
        isMobile: true,
        javaScriptEnabled: true,
      });
      const page = await context.newPage();
      for (const name of ['grand-place-en', 'grand-place-fr', 'grand-place-nl', 'durbuy-nl']) {
        await page.setContent(files.get(name)!.html, { waitUntil: 'load' });
        const widths = await page.evaluate(() => ({
          viewport: window.innerWidth,
          scroll: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
        }));
        assert.equal(widths.viewport, 360, name);
        assert.ok(widths.scroll <= widths.viewport, `${name}: page ${widths.scroll} px wide at 360 px`);
        assert.ok(widths.body <= widths.viewport, `${name}: body ${widths.body} px wide at 360 px`);
      }
    } finally {
      await browser.close();
    }
  });

  test('HTML: the cover carries the location map, time zone, consistent month labels', () => {
    const { html } = files.get('grand-place-en')!;
    const map = /<svg class="site-map"[^>]*>(.*?)<\/svg>/s.exec(html)?.[1] ?? '';
    const buildings = /<path class="buildings" d="([^"]+)"/.exec(map)?.[1] ?? '';
    assert.ok((buildings.match(/M/g) ?? []).length > 20, 'the buildings around the point');
    assert.match(map, />N<\/text>/, 'a north arrow');
    assert.match(map, />100\u00a0m<\/text>/, 'a scale bar');
    assert.match(map, /stroke-dasharray/, 'the averaging radius');
    assert.match(html, /<li><span class="swatch swatch-point"><\/span>The address<\/li>/);
    assert.match(
      html,
      /Generated on<\/dt><dd>\d+ \w+ \d{4} at \d\d:\d\d \(Central European (Standard|Summer) Time, UTC[+−]\d\)/,
    );
    assert.ok(!html.includes('>Sept<'), 'September abbreviated like the other months');
    assert.ok(html.includes('>Sep<'));
    const durbuy = files.get('durbuy-nl')!.html;
    assert.match(durbuy, /<svg class="site-map"/, 'a map in the nationwide dataset too');
    assert.match(durbuy, /elke waarde beschrijft een cel van ongeveer 1\u00a0km/);
    assert.doesNotMatch(durbuy, /Gebouwen<\/li>/, 'no buildings in the nationwide legend');
    assert.match(durbuy, />1\u00a0km<\/text>/);
  });
});
