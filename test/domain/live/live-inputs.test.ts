import assert from 'node:assert/strict';
import { test } from 'node:test';
import { liveInputsFrom, NO_LIVE_INPUTS, valueAt } from '../../../src/domain/live/live-inputs.ts';
import type { Reading } from '../../../src/domain/live/readings.ts';

/**
 * The model's live input from stored readings: grouped by site and quantity, each series
 * ascending by hour, the same inputs and version whatever order the store answered in
 * (every instance must hand its model the same values), a new value a new version.
 */
const HOUR = 3_600_000;
const T = Date.UTC(2026, 10, 23, 8);
const readings: Reading[] = [
  {
    feed: 'ircel-celine',
    site: '41R012',
    lat: 50.797,
    lon: 4.359,
    quantity: 'no2',
    hourMs: T + HOUR,
    value: 31,
  },
  { feed: 'ircel-celine', site: '41R012', lat: 50.797, lon: 4.359, quantity: 'no2', hourMs: T, value: 29 },
  { feed: 'ircel-celine', site: '41R001', lat: 50.857, lon: 4.324, quantity: 'o3', hourMs: T, value: 12 },
  { feed: 'open-meteo', site: '50.8,4.3', lat: 50.8, lon: 4.3, quantity: 'ta_c', hourMs: T, value: 5.5 },
  {
    feed: 'open-meteo-air-quality',
    site: '50.8,4.3',
    lat: 50.8,
    lon: 4.3,
    quantity: 'no2',
    hourMs: T,
    value: 22,
  },
];

test('grouped by site, series ascending, the same version in any order', () => {
  const inputs = liveInputsFrom(readings);
  assert.match(inputs.version, /^live-[0-9a-f]{12}$/);
  assert.deepEqual(
    inputs.stations.map((s) => s.id),
    ['41R001', '41R012'],
  );
  assert.deepEqual(inputs.stations[1]!.series.no2, [
    [T, 29],
    [T + HOUR, 31],
  ]);
  assert.equal(valueAt(inputs.meteo[0]!.series.ta_c, T), 5.5);
  assert.equal(valueAt(inputs.cams[0]!.series.no2, T), 22);
  const reversed = liveInputsFrom([...readings].reverse());
  assert.deepEqual(reversed, inputs);
});

test('an hour given twice: the later reading wins; a changed value is a new version', () => {
  const revised = liveInputsFrom([...readings, { ...readings[0]!, value: 33.5 }]);
  assert.equal(valueAt(revised.stations[1]!.series.no2, T + HOUR), 33.5);
  assert.notEqual(revised.version, liveInputsFrom(readings).version);
  assert.equal(liveInputsFrom([]), NO_LIVE_INPUTS);
});
