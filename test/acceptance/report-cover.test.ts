import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serviceForFile } from '../helpers/service.ts';

/**
 * Issue #49 through HTTP: a report ordered at the Grand-Place, downloaded as HTML. Its
 * cover says the figures are simulated and on what weather; its location map draws the
 * streets of the Brussels package (OpenStreetMap) with their names in the report's
 * language, and the buildings as the package maps them, not as rectangles of grid cells.
 */
const file = serviceForFile();

async function reportHtml(lang: 'fr' | 'nl'): Promise<string> {
  const headers = { authorization: `Bearer ${file.key}`, 'content-type': 'application/json' };
  const app = file.service.composition.app;
  const accepted = await app.inject({
    method: 'POST',
    url: '/v1/reports',
    headers,
    payload: JSON.stringify({ lat: 50.84654, lon: 4.35271, lang }),
  });
  assert.equal(accepted.statusCode, 202, accepted.body);
  const id = accepted.json().job_id as string;
  for (let attempt = 0; attempt < 600; attempt++) {
    const view = (await app.inject({ url: `/v1/reports/${id}`, headers })).json();
    if (view.status === 'failed') assert.fail(JSON.stringify(view));
    if (view.files?.html) {
      const html = await app.inject({ url: view.files.html.url, headers });
      assert.equal(html.statusCode, 200);
      return html.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the report never completed');
}

describe('a report’s cover, ordered through HTTP', () => {
  for (const [lang, simulated, typical, streets, names] of [
    [
      'fr',
      'Simulé, non mesuré',
      '2025, une année type tirée de la météo de 2007 à 2021',
      'Rues (OpenStreetMap)',
      /^(Rue|Place|Marché|Boulevard|Galerie|Impasse|Petite|Grand)/,
    ],
    [
      'nl',
      'Gesimuleerd, niet gemeten',
      '2025, een typisch jaar uit het weer van 2007 tot 2021',
      'Straten (OpenStreetMap)',
      /(straat|plein|markt|laan|galerij|steeg|gang|berg|dreef)$/i,
    ],
  ] as const) {
    test(`${lang}: simulated, a typical year, streets named in the language, buildings as mapped`, async () => {
      const html = await reportHtml(lang);
      const cover = html.slice(html.indexOf('<header class="cover">'), html.indexOf('</header>'));
      assert.match(cover, new RegExp(`<p class="note simulated">${simulated}`));
      assert.ok(cover.includes(typical), 'the reference year called a typical year');
      assert.ok(cover.includes(streets), 'the legend names the streets');
      const labels = [...cover.matchAll(/<textPath [^>]*>([^<]+)<\/textPath>/g)].map((match) => match[1]!);
      assert.ok(labels.length >= 1, 'at least one street named');
      for (const label of labels) {
        assert.doesNotMatch(label, / - /, `${label}: one language's half of the name`);
        assert.match(label, names, `${label}: a ${lang} street name`);
      }
      // the package's outlines: rings of many corners, where the model's rectangles have four
      const buildings = /<path class="buildings" d="([^"]+)"/.exec(cover)?.[1] ?? '';
      const rings = buildings.split('M').filter(Boolean);
      const corners = rings.map((ring) => ring.split('L').length);
      assert.ok(rings.length > 20, `${rings.length} buildings`);
      assert.ok(
        corners.filter((count) => count > 5).length > rings.length / 4,
        'most outlines are not rectangles',
      );
    });
  }
});
