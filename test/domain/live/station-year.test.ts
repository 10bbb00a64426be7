import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReferenceYear } from '../../../src/domain/live/reference-year.ts';
import { annualMeans, nearestStationYear } from '../../../src/domain/live/station-year.ts';

const HOUR = 3_600_000;
/** 2024 is a leap year: 8,784 hours */
const hours2024 = Array.from({ length: 8784 }, (_, i) => Date.UTC(2024, 0, 1) + i * HOUR);

test('an annual mean needs 90 % of the year’s hours; hours of other years do not count', () => {
  const enough = hours2024.slice(0, Math.ceil(0.9 * 8784));
  const short = hours2024.slice(0, Math.ceil(0.9 * 8784) - 1);
  const means = annualMeans(
    {
      id: 'X',
      lat: 50.85,
      lon: 4.35,
      series: {
        no2: [...enough.map((h) => [h, 20] as const), [Date.UTC(2025, 0, 1), 1000] as const],
        pm10: short.map((h) => [h, 15] as const),
      },
    },
    2024,
  );
  assert.deepEqual(means, { no2: 20 });
});

test('the nearest station with an annual mean is taken, one without is passed over', () => {
  const year: ReferenceYear = {
    domain: 'brussels',
    year: 2024,
    version: 'v',
    meteo: [],
    stations: [
      // on the spot, but measured a month only
      {
        id: 'NEAR',
        lat: 50.8467,
        lon: 4.3525,
        series: { no2: hours2024.slice(0, 744).map((h) => [h, 50] as const) },
      },
      {
        id: 'MID',
        lat: 50.852,
        lon: 4.3478,
        series: { no2: hours2024.map((h, i) => [h, i % 2 ? 31 : 30] as const) },
      },
      { id: 'FAR', lat: 50.9, lon: 4.4, series: { no2: hours2024.map((h) => [h, 10] as const) } },
    ],
    newestMeteoMs: null,
    newestAirMs: null,
  };
  const found = nearestStationYear(year, { lat: 50.8467, lon: 4.3525 });
  assert.ok(found);
  assert.equal(found.id, 'MID');
  assert.equal(found.year, 2024);
  assert.deepEqual(found.means, { no2: 30.5 });
  assert.ok(found.distanceM > 600 && found.distanceM < 800, `${found.distanceM} m`);
  assert.equal(
    nearestStationYear({ ...year, stations: [year.stations[0]!] }, { lat: 50.85, lon: 4.35 }),
    null,
  );
});
