import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RECORDS_DEFAULT_RADIUS_M } from '../../../../src/domain/data/location-input.ts';
import { liveInputsFrom } from '../../../../src/domain/live/live-inputs.ts';
import type { Reading } from '../../../../src/domain/live/readings.ts';
import { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { nearestOutdoor, outdoorCellsWithin } from '../../../../src/model/embedded/spatial/queries.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * At any station's own cell the answer reproduces what it measures (issue #46 item 2),
 * a station just outside the hyper-local zone too: Molenbeek (41R001) stands where the
 * city grid answers the nationwide 1 km cell, so its city cells are corrected where that
 * cell is (engine.ts). With Molenbeek 40 µg/m³ above the other stations, the service
 * answered 82 of its 90 there before.
 */
const HOUR = 3_600_000;
const NOW_HOUR = Date.UTC(2026, 10, 23, 14);
const STATIONS = [
  { code: '41R001', lat: 50.8566, lon: 4.3237, no2: 90 },
  { code: '41R012', lat: 50.7967, lon: 4.3586, no2: 50 },
  { code: '41B004', lat: 50.85205998, lon: 4.3477775, no2: 50 },
  { code: '41R002', lat: 50.8256, lon: 4.3841, no2: 50 },
];

test('a station outside the zone answers its measurement at its own city cells', async () => {
  const { domains } = await sharedEngine();
  const m = domains.get('brussels')!;
  const readings: Reading[] = [];
  for (let h = -30; h <= 1; h++)
    for (const s of STATIONS)
      readings.push({
        feed: 'ircel-celine',
        site: s.code,
        lat: s.lat,
        lon: s.lon,
        quantity: 'no2',
        hourMs: NOW_HOUR + h * HOUR,
        value: s.no2,
      });
  const engine = new ModelEngine(domains, MODEL_SEED);
  engine.setLive(liveInputsFrom(readings));
  const molenbeek = STATIONS[0]!;
  let cells = outdoorCellsWithin(m, molenbeek.lat, molenbeek.lon, RECORDS_DEFAULT_RADIUS_M);
  if (cells.length === 0) cells = nearestOutdoor(m, molenbeek.lat, molenbeek.lon)?.cells ?? [];
  assert.ok(
    cells.every((c) => (engine.background('brussels').nationalCell?.[c] ?? -1) >= 0),
    'Molenbeek is outside the zone',
  );
  const series = engine.series('brussels', cells, {
    kind: 'observed',
    fromMs: NOW_HOUR - 3 * HOUR,
    toMs: NOW_HOUR,
  });
  for (const s of series)
    for (const v of s.no2)
      assert.ok(Math.abs(v / molenbeek.no2 - 1) < 0.02, `Molenbeek answers ${v.toFixed(1)}`);
});
