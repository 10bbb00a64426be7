import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Reading } from '../../../src/domain/live/readings.ts';
import { composeYear, siteOfPoint } from '../../../src/services/live/reference-compose.ts';

/**
 * A backfilled year's archive meteorology is screened before it becomes a reference year
 * (issue #46 item 1): a filled gap of 0.00 m/s under a turning vane is repaired from the
 * neighbouring days and counted; the sound hours are left as the archive gave them.
 */
const HOUR = 3_600_000;
const YEAR = 2023;
const point = { lat: 50.8467, lon: 4.3525 };

function archive(): Reading[] {
  const site = siteOfPoint(point);
  const readings: Reading[] = [];
  const start = Date.UTC(YEAR, 0, 1);
  const gapFrom = Date.UTC(YEAR, 9, 6, 0);
  for (let i = 0; i < 8760; i++) {
    const hourMs = start + i * HOUR;
    const hour = i % 24;
    const inGap = hourMs >= gapFrom && hourMs < gapFrom + 40 * HOUR;
    const wind = inGap ? 0 : 3 + 1.5 * Math.sin(((hour - 9) * Math.PI) / 12) + 0.1 * (i % 7);
    const values: Partial<Record<Reading['quantity'], number>> = {
      ta_c: Math.round((10 + 5 * Math.sin(((hour - 9) * Math.PI) / 12) + 0.1 * (i % 5)) * 10) / 10,
      wind_ms: Math.round(wind * 10) / 10,
      wind_dir_deg: (180 + 13 * i) % 360,
    };
    for (const [quantity, value] of Object.entries(values))
      readings.push({
        feed: 'open-meteo',
        site,
        ...point,
        quantity: quantity as Reading['quantity'],
        hourMs,
        value,
      });
  }
  return readings;
}

test("a backfilled year's zero-wind gap under a turning vane is repaired and counted", () => {
  const composed = composeYear({ domain: 'brussels', point, radiusKm: 40 }, YEAR, archive(), []);
  assert.equal(composed.screening.flagged, 40);
  assert.equal(composed.screening.filled, 40);
  assert.equal(composed.screening.by_kind['calm-while-turning'], 40);
  const wind = composed.year.meteo[0]!.series.wind_ms!;
  assert.equal(wind.length, 8760);
  const gapFrom = Date.UTC(YEAR, 9, 6, 0);
  const inGap = wind.filter(([t]) => t >= gapFrom && t < gapFrom + 40 * HOUR);
  assert.equal(inGap.length, 40);
  assert.ok(
    inGap.every(([, v]) => v > 1),
    JSON.stringify(inGap.slice(0, 5)),
  );
  // the temperature had no fault: as served
  const ta = composed.year.meteo[0]!.series.ta_c!;
  assert.equal(ta[5]![1], archive().find((r) => r.quantity === 'ta_c' && r.hourMs === ta[5]![0])!.value);
});
