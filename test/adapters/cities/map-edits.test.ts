import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyRoadEdits, parseMapEdits, type RoadEdit } from '../../../src/adapters/cities/map-edits.ts';

const road = (name: string, highway: string) => ({
  properties: { name, highway } as Record<string, unknown>,
});
const PEDESTRIAN: RoadEdit = {
  change: 'pedestrian zone',
  name_starts_with: ['Boulevard Anspach'],
  set: { highway: 'pedestrian' },
  since: 2015,
  source: 'the city',
};

test('an edit sets its tags on the roads whose name starts as it says, and counts them', () => {
  const roads = [
    road('Boulevard Anspach - Anspachlaan', 'tertiary'),
    road('Boulevard Anspach - Anspachlaan', 'tertiary'),
    road('Galerie Anspach', 'footway'),
  ];
  assert.deepEqual(applyRoadEdits(roads, [PEDESTRIAN]), [{ change: 'pedestrian zone', roads: 2 }]);
  assert.deepEqual(
    roads.map((r) => r.properties.highway),
    ['pedestrian', 'pedestrian', 'footway'],
  );
});

test('a highway filter narrows the edit to that class', () => {
  const roads = [
    road('Boulevard du Roi Albert II', 'residential'),
    road('Boulevard du Roi Albert II', 'service'),
  ];
  const edit = {
    ...PEDESTRIAN,
    name_starts_with: ['Boulevard du Roi'],
    highway: ['residential'],
    set: { highway: 'secondary' },
  };
  applyRoadEdits(roads, [edit]);
  assert.deepEqual(
    roads.map((r) => r.properties.highway),
    ['secondary', 'service'],
  );
});

test('an edit that matches no road stops the import, naming it', () => {
  assert.throws(
    () => applyRoadEdits([road('Rue Neuve', 'pedestrian')], [PEDESTRIAN]),
    /"pedestrian zone" matches no road/,
  );
});

test('an edit without a source or a year is refused, naming the edit', () => {
  assert.throws(() => parseMapEdits({ roads: [{ ...PEDESTRIAN, source: '' }] }, 'f'), /road edit 0 needs/);
  assert.throws(
    () => parseMapEdits({ roads: [PEDESTRIAN, { ...PEDESTRIAN, since: 'soon' }] }, 'f'),
    /road edit 1/,
  );
  assert.deepEqual(parseMapEdits({ roads: [PEDESTRIAN] }, 'f'), { roads: [PEDESTRIAN] });
});
