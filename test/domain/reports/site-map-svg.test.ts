import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatterFor } from '../../../src/domain/reports/format.ts';
import { translator } from '../../../src/domain/reports/i18n/index.ts';
import { utciColor } from '../../../src/domain/reports/palette.ts';
import { outlinesSampledCells, siteMapLegend, siteMapSvg } from '../../../src/domain/reports/site-map/svg.ts';
import type { Point, SiteMap } from '../../../src/domain/reports/site-map/types.ts';

/** a 10 m square footprint centred on (x, y), drawn clockwise or counterclockwise on the plane */
function square(x: number, y: number, turn: 'cw' | 'ccw'): Point[] {
  const ccw: Point[] = [
    [x - 5, y - 5],
    [x + 5, y - 5],
    [x + 5, y + 5],
    [x - 5, y + 5],
    [x - 5, y - 5],
  ];
  return turn === 'ccw' ? ccw : [...ccw].reverse();
}

const cells = [
  { x: -30, y: 0, value: 20 }, // no thermal stress
  { x: -20, y: 0, value: 20 },
  { x: -10, y: 0, value: 30 }, // moderate heat stress
  { x: 0, y: 0, value: Number.NaN }, // inside a building: not drawn
  { x: 10, y: 0, value: 40 }, // very strong heat stress
];

const map: SiteMap = {
  halfWidthM: 180,
  halfHeightM: 120,
  buildings: [square(0, 0, 'ccw'), square(4, 4, 'cw'), square(60, 40, 'cw')],
  hasBuildings: true,
  cellWidthM: 10,
  cellHeightM: 10,
  cells,
  layer: { kind: 'utci_summer_afternoon', days: 23, localHour: 15, year: 2024 },
  sampled: [
    [0, 0],
    [10, 0],
  ],
  sampling: 'radius',
  radiusM: 50,
};

const svg = String(siteMapSvg(map, translator('en'), formatterFor('en')));
const subpaths = (d: string) => d.match(/M/g)?.length ?? 0;
const pathOf = (pattern: RegExp) => pattern.exec(svg)?.[1] ?? '';

test('the site map draws each colour of the data layer as one path, a subpath per cell', () => {
  const layer = /<g opacity="0.55">(.*?)<\/g>/s.exec(svg)?.[1] ?? '';
  const paths = [...layer.matchAll(/<path d="([^"]+)" fill="([^"]+)"\/>/g)];
  assert.deepEqual(
    paths.map(([, d, fill]) => [fill, subpaths(d!)]),
    [
      [utciColor(20), 2],
      [utciColor(30), 1],
      [utciColor(40), 1],
    ],
    'cells grouped by colour, the building cell left out',
  );
  assert.doesNotMatch(layer, /<rect /, 'no element per cell');
});

test('the buildings are one path whose footprints all turn the same way (no hole where two overlap)', () => {
  const d = pathOf(/<path class="buildings" d="([^"]+)"/);
  assert.equal(subpaths(d), 3);
  assert.doesNotMatch(svg, /<polygon /);
  // the signed area of each subpath in screen coordinates (y down): negative for a ring
  // that turns counterclockwise as drawn, the same for every footprint
  const signs = d
    .split('M')
    .filter(Boolean)
    .map((ring) => {
      const points = ring
        .replace('z', '')
        .split('L')
        .map((pair) => pair.split(' ').map(Number) as [number, number]);
      let sum = 0;
      for (let i = 0; i < points.length - 1; i++)
        sum += points[i]![0] * points[i + 1]![1] - points[i + 1]![0] * points[i]![1];
      return Math.sign(sum);
    });
  assert.deepEqual(signs, [-1, -1, -1], 'counterclockwise on the map, whichever way each ring was given');
});

test('the sampled cells are outlined by one path, with the radius, the point and the scale bar', () => {
  assert.equal(subpaths(pathOf(/<path class="sampled" d="([^"]+)"/)), 2);
  assert.match(svg, /stroke-dasharray/, 'the averaging radius');
  assert.match(svg, /<circle [^>]*fill="#c8102e"/, 'the point');
  assert.match(svg, />100\u00a0m<\/text>/, 'a scale bar');
});

test('a radius of a few pixels is drawn as its circle alone: no cell outlines knotted around the point', () => {
  const small = { ...map, radiusM: 10, halfWidthM: 200, halfHeightM: 140 };
  assert.equal(outlinesSampledCells(small), false);
  const drawn = String(siteMapSvg(small, translator('en'), formatterFor('en')));
  assert.doesNotMatch(drawn, /class="sampled"/);
  assert.match(drawn, /stroke-dasharray/, 'the averaging radius is still drawn');
  assert.match(String(siteMapLegend(small, translator('en'))), /Averaging radius<\/li>/);
  assert.equal(outlinesSampledCells(map), true, 'a 50 m radius keeps its outlined cells');
});
