import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';
import { epwAirTemperatures, epwRowOf } from '../helpers/uccle-epw.ts';

/**
 * The embedded Brussels package's weather.epw (Uccle TMYx) is the weather of its
 * reference year, and the answers say so (issue #33 item 4). Until the fix the shipped
 * package's EPW never reached the model: its hours were the generator's, and
 * meta.sources said `synthetic`. The service's clock stands on the EPW's hottest day of
 * the reference year, so /realtime's observed hours are reference-year hours.
 */
const REFERENCE_YEAR = 2025;
const HOUR_MS = 3_600_000;
const PARC_DE_BRUXELLES = { lat: 50.8447, lon: 4.3638 };
const epw = epwAirTemperatures();
const hottestRow = epw.indexOf(Math.max(...epw));
// the UTC hour whose EPW row is the hottest (epwRowOf's inverse), and a clock six hours on
const hottestHourMs = Date.UTC(REFERENCE_YEAR, 0, 1) + (hottestRow - 1) * HOUR_MS;
const clock = () => hottestHourMs + 6 * HOUR_MS + 30 * 60_000;

let service: TestService;
let key: string;
before(async () => {
  assert.equal(epwRowOf(hottestHourMs, REFERENCE_YEAR), hottestRow);
  service = await startTestService({ COMPUTE_DEADLINE_MS: '280000' }, { clock });
  key = await service.createKey(['--rate-per-min', '10000']);
});
after(() => service.close());

async function get(url: string) {
  const response = await service.composition.app.inject({ url, headers: { authorization: `Bearer ${key}` } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

test('Brussels /historical/stats names the Uccle EPW as the reference year weather', async () => {
  const body = await get(
    `/v1/historical/stats?lat=${PARC_DE_BRUXELLES.lat}&lon=${PARC_DE_BRUXELLES.lon}&metrics=thermal`,
  );
  assert.equal(body.meta.reference_year, REFERENCE_YEAR);
  const [source] = body.meta.sources;
  assert.deepEqual(
    { id: source.id, kind: source.kind, status: source.status, input: source.input, period: source.period },
    // the years the typical year was built from, as the weather file's header says (issue #49)
    {
      id: 'epw',
      kind: 'typical-year',
      status: 'fresh',
      input: 'meteorology',
      period: { from: 2007, to: 2021 },
    },
  );
});

test("Brussels hours of the reference year follow the EPW's air temperature, heat island on top", async () => {
  const body = await get(`/v1/realtime?lat=${PARC_DE_BRUXELLES.lat}&lon=${PARC_DE_BRUXELLES.lon}`);
  const records: Array<{ hour: string; air_temp_c: number }> = body.hourly;
  assert.equal(records.length, 24);
  const pairs = records.map((r) => ({
    model: r.air_temp_c,
    epw: epw[epwRowOf(Date.parse(r.hour), REFERENCE_YEAR)]!,
  }));
  const differences = pairs.map((p) => p.model - p.epw);
  const meanDifference = differences.reduce((a, b) => a + b, 0) / differences.length;
  // a park in the centre: the city's heat island (0.7 K by day, a few K at night) and no cooler
  assert.ok(
    meanDifference > -0.5 && meanDifference < 3,
    `model − EPW ${meanDifference.toFixed(2)} K over the day`,
  );
  for (const [i, p] of pairs.entries())
    assert.ok(
      Math.abs(p.model - p.epw - meanDifference) < 3,
      `${records[i]!.hour}: model ${p.model} °C, EPW ${p.epw} °C`,
    );
  // the year's hottest hour is there (a generated day would be another day's weather)
  const modelMax = Math.max(...pairs.map((p) => p.model));
  assert.ok(modelMax >= epw[hottestRow]! - 1, `hottest hour ${modelMax} °C, EPW ${epw[hottestRow]} °C`);
});
