import assert from 'node:assert/strict';
import { test } from 'node:test';
import { liveInputsFrom } from '../../../../src/domain/live/live-inputs.ts';
import type { Reading } from '../../../../src/domain/live/readings.ts';
import { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import { outdoorCellsWithin } from '../../../../src/model/embedded/spatial/queries.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';
import { sharedEngine } from '../../../helpers/shared-domains.ts';

/**
 * Issue #37 item 5: when a new observed hour lands, every location asks for the new span
 * of real-time hours at once; the city's live field for it (the fed weather and the
 * station correction over the grid) is computed once, not once per location. New feed
 * data is a new field. What each location gets is what a fresh engine computes.
 */
const HOUR = 3_600_000;
const NOW_HOUR = Date.UTC(2026, 10, 23, 14);
const CENTRE = { lat: 50.8467, lon: 4.3525 };
const LOCATIONS = 25;

function inputs(no2: number) {
  const readings: Reading[] = [];
  for (let h = -30; h <= 48; h++) {
    const hourMs = NOW_HOUR + h * HOUR;
    readings.push({
      feed: 'open-meteo',
      site: 'c',
      ...CENTRE,
      quantity: 'ta_c',
      hourMs,
      value: 12 + (h % 5),
    });
    if (h <= 1)
      for (const [site, lat, lon] of [
        ['41R001', 50.8566, 4.3237],
        ['41R012', 50.7967, 4.3586],
      ] as const)
        readings.push({ feed: 'ircel-celine', site, lat, lon, quantity: 'no2', hourMs, value: no2 + h });
  }
  return liveInputsFrom(readings);
}

const observed = (toMs: number) => ({ kind: 'observed' as const, fromMs: toMs - 23 * HOUR, toMs });

test('N distinct locations after a rollover: one field computation, not N', async () => {
  const { engine, domains } = await sharedEngine();
  engine.setLive(inputs(40));
  const brussels = domains.get('brussels')!;
  const cells = outdoorCellsWithin(brussels, CENTRE.lat, CENTRE.lon, 800).filter((_, i) => i % 97 === 0);
  assert.ok(cells.length >= LOCATIONS, `${cells.length} outdoor cells`);
  const locations = cells.slice(0, LOCATIONS);

  const before = engine.liveFields.computed;
  for (const cell of locations) engine.series('brussels', [cell], observed(NOW_HOUR));
  assert.equal(engine.liveFields.computed - before, 1, 'the hour before the rollover: one field');

  // the next observed hour lands: every location asks for the new span
  const rolled = engine.liveFields.computed;
  const answers = locations.map((cell) => engine.series('brussels', [cell], observed(NOW_HOUR + HOUR))[0]!);
  assert.equal(engine.liveFields.computed - rolled, 1, `${LOCATIONS} locations, one field`);

  // the forecast issued at that hour: one more, whatever the number of locations
  const issued = engine.liveFields.computed;
  for (const cell of locations)
    engine.series('brussels', [cell], { kind: 'forecast', issuedMs: NOW_HOUR + HOUR });
  assert.equal(engine.liveFields.computed - issued, 1);

  // sharing changes nothing a location gets: a fresh engine computes the same numbers
  const fresh = new ModelEngine(domains, MODEL_SEED);
  fresh.setLive(inputs(40));
  for (const [i, cell] of [locations[0]!, locations[LOCATIONS - 1]!].entries()) {
    const alone = fresh.series('brussels', [cell], observed(NOW_HOUR + HOUR))[0]!;
    const shared = answers[i === 0 ? 0 : LOCATIONS - 1]!;
    assert.deepEqual([...shared.no2], [...alone.no2]);
    assert.deepEqual([...shared.utci], [...alone.utci]);
  }

  // new feed data: a new field, and the values follow it
  engine.setLive(inputs(80));
  const renewed = engine.liveFields.computed;
  const after = locations.map((cell) => engine.series('brussels', [cell], observed(NOW_HOUR + HOUR))[0]!);
  assert.equal(engine.liveFields.computed - renewed, 1);
  assert.ok(after[0]!.no2[12]! > answers[0]!.no2[12]!, 'the new measurements are used');
});
