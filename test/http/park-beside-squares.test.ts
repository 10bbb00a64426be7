import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serviceForFile } from '../helpers/service.ts';

/**
 * Issue #47, "Done when", through the statistics a user reads: in the Parc de Bruxelles
 * (the README's point, under its trees) the mean pedestrian wind is below the open
 * squares beside it (Place Royale, Grand-Place), its strong-heat-stress days are at most
 * half the Grand-Place's, and its thermal label is not below the Grand-Place's.
 */
const PARK = { lat: 50.8455, lon: 4.3633 };
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const PLACE_ROYALE = { lat: 50.8423, lon: 4.36 };

const file = serviceForFile();

interface Stats {
  wind: { mean_ucomfort_ms: number };
  thermal: { rating: number; strong_heat_stress_days: number };
}

async function stats(at: { lat: number; lon: number }, radius: number): Promise<Stats> {
  const response = await file.service.composition.app.inject({
    url: `/v1/historical/stats?lat=${at.lat}&lon=${at.lon}&radius=${radius}`,
    headers: { 'x-api-key': file.key },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

test('the Parc de Bruxelles: calmer than the open squares beside it, fewer heat-stress days, a label not below the Grand-Place', async () => {
  const park = await stats(PARK, 10);
  const square = await stats(GRAND_PLACE, 10);
  const royale = await stats(PLACE_ROYALE, 30);
  assert.ok(
    park.wind.mean_ucomfort_ms < square.wind.mean_ucomfort_ms,
    `wind: park ${park.wind.mean_ucomfort_ms}, Grand-Place ${square.wind.mean_ucomfort_ms}`,
  );
  assert.ok(
    park.wind.mean_ucomfort_ms < royale.wind.mean_ucomfort_ms,
    `wind: park ${park.wind.mean_ucomfort_ms}, Place Royale ${royale.wind.mean_ucomfort_ms}`,
  );
  assert.ok(
    park.thermal.strong_heat_stress_days <= square.thermal.strong_heat_stress_days / 2,
    `heat-stress days: park ${park.thermal.strong_heat_stress_days}, Grand-Place ${square.thermal.strong_heat_stress_days}`,
  );
  assert.ok(
    park.thermal.rating >= square.thermal.rating,
    `thermal label: park ${park.thermal.rating}, Grand-Place ${square.thermal.rating}`,
  );
});
