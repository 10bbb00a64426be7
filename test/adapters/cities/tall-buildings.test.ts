import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Polygon } from 'geojson';
import { applyTallBuildings, parseTallBuildings } from '../../../src/adapters/cities/tall-buildings.ts';

const square = (lon: number, lat: number, d: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - d, lat - d],
      [lon + d, lat - d],
      [lon + d, lat + d],
      [lon - d, lat + d],
      [lon - d, lat - d],
    ],
  ],
});
const building = (geometry: Polygon, height: number, source: string) => ({
  properties: { building: 'yes', height, height_source: source } as Record<string, unknown>,
  geometry,
});
const TOWER = { name: 'Tower', lat: 50.86, lon: 4.357, height_m: 102, source: 'a list' };

test('the smallest footprint holding the point takes the height; the podium around it keeps its own', () => {
  const podium = building(square(4.357, 50.86, 0.001), 40, 'fabric:north');
  const tower = building(square(4.357, 50.86, 0.0002), 40, 'fabric:north');
  const beside = building(square(4.36, 50.86, 0.0002), 13, 'default');
  const [match] = applyTallBuildings([podium, tower, beside], [TOWER]);
  assert.deepEqual(match, { name: 'Tower', heightM: 102, replaced: { heightM: 40, source: 'fabric:north' } });
  assert.equal(tower.properties.height, 102);
  assert.equal(tower.properties.height_source, 'landmark');
  assert.equal(podium.properties.height, 40);
  assert.equal(beside.properties.height, 13);
});

test('a row whose point no footprint holds is reported, and nothing changes', () => {
  const beside = building(square(4.36, 50.86, 0.0002), 13, 'default');
  const [match] = applyTallBuildings([beside], [TOWER]);
  assert.equal(match?.replaced, null);
  assert.equal(beside.properties.height, 13);
});

test('a row without a source or with an impossible height is refused, naming the row', () => {
  assert.throws(() => parseTallBuildings({ buildings: [{ ...TOWER, source: '' }] }, 'f'), /building 0 needs/);
  assert.throws(
    () => parseTallBuildings({ buildings: [TOWER, { ...TOWER, height_m: -3 }] }, 'f'),
    /building 1/,
  );
  assert.throws(() => parseTallBuildings({}, 'f'), /expected \{ "buildings"/);
  assert.deepEqual(parseTallBuildings({ buildings: [TOWER] }, 'f'), [TOWER]);
});
