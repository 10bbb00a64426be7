import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatterFor } from '../../../src/domain/reports/format.ts';
import { translator } from '../../../src/domain/reports/i18n/index.ts';
import { joinedLines, streetNameFor } from '../../../src/domain/reports/site-map/streets.ts';
import { siteMapLegend, siteMapSvg } from '../../../src/domain/reports/site-map/svg.ts';
import type { SiteMap } from '../../../src/domain/reports/site-map/types.ts';

/** Issue #49: the location map shows the streets and their names from the basemap data. */
const map: SiteMap = {
  halfWidthM: 180,
  halfHeightM: 120,
  buildings: [],
  hasBuildings: true,
  cellWidthM: 10,
  cellHeightM: 10,
  cells: [{ x: 0, y: 0, value: 20 }],
  layer: { kind: 'utci_summer_afternoon', days: 23, localHour: 15, year: 2024 },
  sampled: [[0, 0]],
  sampling: 'point',
  streets: [
    // one street cut into three ways, as OpenStreetMap has it: too short each for its name
    {
      kind: 'street',
      name: 'Rue Neuve - Nieuwstraat',
      lines: [
        [
          [-170, 60],
          [-110, 60],
        ],
      ],
    },
    {
      kind: 'street',
      name: 'Rue Neuve - Nieuwstraat',
      lines: [
        [
          [-50, 60],
          [-110, 60],
        ],
      ],
    },
    {
      kind: 'street',
      name: 'Rue Neuve - Nieuwstraat',
      lines: [
        [
          [-50, 60],
          [10, 60],
        ],
      ],
    },
    // drawn westwards: its name still reads left to right
    {
      kind: 'main',
      name: 'Boulevard Anspach - Anspachlaan',
      lines: [
        [
          [170, -60],
          [-170, -60],
        ],
      ],
    },
    // too short for its name
    {
      kind: 'path',
      name: 'Impasse du Très Long Nom Qui Ne Tient Pas',
      lines: [
        [
          [100, 20],
          [110, 20],
        ],
      ],
    },
    {
      kind: 'path',
      lines: [
        [
          [0, -100],
          [0, 100],
        ],
      ],
    },
  ],
};

test('a Brussels name is shown in the reader’s language: the French half, the Dutch half in Dutch', () => {
  assert.equal(streetNameFor('Rue Neuve - Nieuwstraat', 'fr'), 'Rue Neuve');
  assert.equal(streetNameFor('Rue Neuve - Nieuwstraat', 'en'), 'Rue Neuve');
  assert.equal(streetNameFor('Rue Neuve - Nieuwstraat', 'nl'), 'Nieuwstraat');
  // a hyphen inside a name is not the bilingual separator
  assert.equal(streetNameFor('Rue du Marché-aux-Herbes', 'nl'), 'Rue du Marché-aux-Herbes');
  assert.equal(streetNameFor('Grand-Place', 'nl'), 'Grand-Place');
});

test('the ways of one street are joined end to end, whichever way each runs', () => {
  const joined = joinedLines([
    [
      [0, 0],
      [10, 0],
    ],
    [
      [20, 0],
      [10, 0],
    ],
    [
      [20, 0],
      [30, 0],
    ],
    [
      [100, 100],
      [110, 100],
    ],
  ]);
  assert.equal(joined.length, 2);
  const long = joined.find((line) => line.length === 4);
  assert.ok(long, JSON.stringify(joined));
  assert.deepEqual(
    long.map(([x]) => x).sort((a, b) => a - b),
    [0, 10, 20, 30],
  );
});

test('the map draws the streets under the buildings and names those that fit, in each language', () => {
  for (const [lang, neuve, anspach] of [
    ['fr', 'Rue Neuve', 'Boulevard Anspach'],
    ['nl', 'Nieuwstraat', 'Anspachlaan'],
  ] as const) {
    const svg = String(siteMapSvg(map, translator(lang), formatterFor(lang)));
    assert.match(svg, /<path class="streets street" d="M/);
    assert.match(svg, /<path class="streets main" d="M/);
    assert.match(svg, /<path class="streets path" d="M/);
    const names = [...svg.matchAll(/<textPath href="#(street-\d+)"[^>]*>([^<]*)<\/textPath>/g)];
    assert.deepEqual(names.map((name) => name[2]).sort(), [anspach, neuve].sort(), lang);
    // each name once, along a path read left to right
    for (const [, id] of names) {
      const d = new RegExp(
        `<path id="${id}" d="M([-\\d.]+) [-\\d.]+(?:L[-\\d.]+ [-\\d.]+)*L([-\\d.]+) [-\\d.]+"`,
      ).exec(svg);
      assert.ok(d && Number(d[1]) < Number(d[2]), `${id} runs left to right`);
    }
    assert.ok(svg.indexOf('class="streets') < svg.indexOf('class="street-names"'), 'names over the lines');
    assert.match(
      String(siteMapLegend(map, translator(lang))),
      lang === 'fr' ? /Rues \(OpenStreetMap\)/ : /Straten \(OpenStreetMap\)/,
    );
  }
  // the nationwide grid has no package: no streets, no legend line for them
  const bare = { ...map, streets: [] };
  assert.doesNotMatch(String(siteMapSvg(bare, translator('en'), formatterFor('en'))), /streets|textPath/);
  assert.doesNotMatch(String(siteMapLegend(bare, translator('en'))), /Streets/);
});
