import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type HeightRuleFile, heightRule } from '../../../src/adapters/cities/height-rule.ts';

/** The height rule of `import-osm --heights` (docs/heights.md): the first step that applies wins. */
const square = (lon: number, lat: number): Array<[number, number]> => [
  [lon, lat],
  [lon + 0.0002, lat],
  [lon + 0.0002, lat + 0.0002],
  [lon, lat + 0.0002],
  [lon, lat],
];
const FILE: HeightRuleFile = {
  storey_m: 3.2,
  roof_m: 1.5,
  default_m: 13,
  by_building: { garage: 3 },
  fabrics: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { fabric: 'core', default_m: 17 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [4.34, 50.83],
              [4.36, 50.83],
              [4.36, 50.85],
              [4.34, 50.85],
              [4.34, 50.83],
            ],
          ],
        },
      },
    ],
  },
};
const rule = heightRule(FILE);
const inCore = square(4.345, 50.835);
const outside = square(4.5, 50.9);

describe('height rule', () => {
  test('OSM height first, then levels × storey + roof', () => {
    assert.deepEqual(rule({ building: 'yes', height: '21 m', 'building:levels': '3' }, inCore), {
      heightM: 21,
      source: 'height',
    });
    assert.deepEqual(rule({ building: 'yes', 'building:levels': '5' }, inCore), {
      heightM: 17.5,
      source: 'levels',
    });
  });

  test('then the building type, then the fabric the footprint lies in, then the default', () => {
    assert.deepEqual(rule({ building: 'garage' }, inCore), { heightM: 3, source: 'type:garage' });
    assert.deepEqual(rule({ building: 'yes' }, inCore), { heightM: 17, source: 'fabric:core' });
    assert.deepEqual(rule({ building: 'yes' }, outside), { heightM: 13, source: 'default' });
  });

  test('an unreadable height falls through; a bad figure in the file is refused', () => {
    assert.deepEqual(rule({ building: 'yes', height: 'tall' }, outside), { heightM: 13, source: 'default' });
    assert.throws(() => heightRule({ ...FILE, default_m: 0 }), /default_m must be metres/);
  });
});
