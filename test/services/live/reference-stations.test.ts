import assert from 'node:assert/strict';
import { test } from 'node:test';
import { referenceStations } from '../../../src/services/live/reference-compose.ts';

/** The nationwide grid's reference stations of a backfill: few, spread over the country, the same on every run. */
const CENTRE = { lat: 50.5, lon: 4.5 };
const at = (station: string, lat: number, lon: number) => ({ station, lat, lon });
const network = [
  at('B-centre', 50.51, 4.49),
  at('B-centre-2', 50.52, 4.5),
  at('A-coast', 51.2, 2.9),
  at('C-ardennes', 49.8, 5.8),
  at('D-antwerp', 51.22, 4.4),
  at('D-antwerp-2', 51.21, 4.41),
];

test('the station nearest the centre first, then each time the farthest from those chosen', () => {
  assert.deepEqual(referenceStations(network, CENTRE, 3), ['A-coast', 'B-centre', 'C-ardennes']);
  // neighbours of a chosen station come last
  const four = referenceStations(network, CENTRE, 4);
  assert.ok(four.includes('D-antwerp') || four.includes('D-antwerp-2'));
  assert.ok(!four.includes('B-centre-2'));
});

test('a station listed once per series counts once; the order of the list does not matter', () => {
  const series = network.flatMap((s) => [s, s]);
  assert.deepEqual(
    referenceStations(series, CENTRE, 3),
    referenceStations([...network].reverse(), CENTRE, 3),
  );
  assert.deepEqual(referenceStations(network, CENTRE, 99).length, network.length);
  assert.deepEqual(referenceStations([], CENTRE, 3), []);
});
