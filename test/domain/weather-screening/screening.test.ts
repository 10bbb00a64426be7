import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenHourSeries } from '../../../src/domain/weather-screening/hour-series.ts';
import { detectFaults, mergeReports, screenWeather } from '../../../src/domain/weather-screening/index.ts';

/**
 * The quality control of weather inputs (issue #46 item 1) on synthetic series whose
 * faults are known: what is flagged, how it is repaired, and what is left alone.
 */
const DAYS = 10;
const HOURS = DAYS * 24;

/** a wind with a daily cycle: calmer at night (≈1.5 m/s at 03 h), windier in the afternoon (≈4.5) */
function diurnalWind(): Float64Array {
  return Float64Array.from({ length: HOURS }, (_, i) => 3 + 1.5 * Math.sin(((i % 24) - 9) * (Math.PI / 12)));
}
const turningDirection = () => Float64Array.from({ length: HOURS }, (_, i) => (200 + 7 * i) % 360);
const temperature = () =>
  Float64Array.from({ length: HOURS }, (_, i) => 10 + 4 * Math.sin(((i % 24) - 9) * (Math.PI / 12)));

test('a run of 0.00 m/s under a turning vane is flagged, and a long one refilled from the neighbouring days', () => {
  const wind = diurnalWind();
  const original = Float64Array.from(wind);
  // 40 hours of zero from day 4, 06 h, as in the Uccle file's October gap
  const start = 4 * 24 + 6;
  wind.fill(0, start, start + 40);
  const { columns, report } = screenWeather({ wind_ms: wind, wind_dir_deg: turningDirection() });
  assert.equal(report.flagged, 40);
  assert.equal(report.filled, 40);
  assert.equal(report.by_kind['calm-while-turning'], 40);
  assert.deepEqual(report.runs, [{ quantity: 'wind_ms', kind: 'calm-while-turning', start, length: 40 }]);
  // the same hours of the neighbouring days: the daily cycle survives, night calmer than afternoon
  for (let i = start; i < start + 40; i++)
    assert.ok(Math.abs(columns.wind_ms![i]! - original[i]!) < 1e-9, `hour ${i}: ${columns.wind_ms![i]}`);
  // the input is untouched
  assert.equal(wind[start], 0);
});

test('a short zero run under a turning vane is interpolated between the hours either side', () => {
  const wind = diurnalWind();
  wind.fill(0, 50, 53);
  const { columns, report } = screenWeather({ wind_ms: wind, wind_dir_deg: turningDirection() });
  assert.equal(report.filled, 3);
  const before = wind[49]!;
  const after = wind[53]!;
  assert.ok(Math.abs(columns.wind_ms![51]! - (before + after) / 2) < 1e-9);
});

test('a real calm (the vane at rest) and a two-hour lull are not faults', () => {
  const wind = diurnalWind();
  const direction = turningDirection();
  // a calm night: eight hours of zero, direction reported 0 as EPW and SYNOP do
  wind.fill(0, 26, 34);
  direction.fill(0, 26, 34);
  // a two-hour lull while the vane turns
  wind.fill(0, 100, 102);
  assert.deepEqual(detectFaults({ wind_ms: wind, wind_dir_deg: direction }), []);
});

test('a stuck sensor is flagged; a saturated humidity and a night without sun are not', () => {
  const ta = temperature();
  ta.fill(7.3, 30, 50); // 20 hours at 7.3 °C to the tenth
  const rh = new Float64Array(HOURS).fill(100); // fog for ten days: saturation is a steady state
  const ghi = Float64Array.from({ length: HOURS }, (_, i) =>
    i % 24 < 6 || i % 24 > 18 ? 0 : 300 * Math.sin(((i % 24) - 6) * (Math.PI / 12)),
  );
  const faults = detectFaults({ ta_c: ta, rh_pct: rh, ghi_wm2: ghi });
  assert.deepEqual(faults, [{ quantity: 'ta_c', kind: 'stuck', start: 30, length: 20 }]);
  const { columns } = screenWeather({ ta_c: ta });
  // refilled from the neighbouring days: the daily cycle is back
  const day = columns.ta_c!.slice(30, 50);
  assert.ok(Math.max(...day) - Math.min(...day) > 4, `${[...day]}`);
});

test('an impossible value and a spike are replaced; a genuine front (a step that stays) is kept', () => {
  const ta = temperature();
  ta[60] = 80; // impossible
  ta[70] = ta[70]! + 15; // a one-hour spike
  for (let i = 150; i < HOURS; i++) ta[i] = ta[i]! - 9; // a cold front: the step stays
  const { columns, report } = screenWeather({ ta_c: ta });
  assert.equal(report.by_kind.impossible, 1);
  assert.equal(report.by_kind.spike, 1);
  assert.equal(report.flagged, 2);
  assert.ok(Math.abs(columns.ta_c![60]! - (ta[59]! + ta[61]!) / 2) < 1e-9);
  assert.ok(Math.abs(columns.ta_c![70]! - (ta[69]! + ta[71]!) / 2) < 1e-9);
  assert.equal(columns.ta_c![150], ta[150]);
});

test('a direction is refilled along the shorter arc', () => {
  // a northerly that swings either side of 0°, its vane stuck at 350° for 30 hours
  const direction = Float64Array.from({ length: HOURS }, (_, i) => (360 + 15 * Math.sin(i / 5)) % 360);
  direction.fill(350, 100, 130);
  const { columns, report } = screenWeather({ wind_ms: diurnalWind(), wind_dir_deg: direction });
  assert.deepEqual(report.runs, [{ quantity: 'wind_dir_deg', kind: 'stuck', start: 100, length: 30 }]);
  // a mean of 350° and 10° is north, never south
  for (const v of columns.wind_dir_deg!.slice(100, 130)) assert.ok(v >= 340 || v <= 20, `${v}`);
});

test('sparse hour series are screened at their own hours; an hour never given stays absent', () => {
  const start = Date.UTC(2026, 9, 5);
  const hour = 3_600_000;
  const wind: Array<[number, number]> = [];
  const dir: Array<[number, number]> = [];
  for (let i = 0; i < 72; i++) {
    if (i === 10) continue; // the feed never gave this hour
    wind.push([start + i * hour, i >= 30 && i < 36 ? 0 : 2 + (i % 3)]);
    dir.push([start + i * hour, (180 + 11 * i) % 360]);
  }
  const { series, report } = screenHourSeries({ wind_ms: wind, wind_dir_deg: dir });
  assert.equal(report.flagged, 6);
  assert.equal(series.wind_ms!.length, 71);
  assert.ok(series.wind_ms!.every(([t, v]) => t !== start + 10 * hour && v > 0));
  const merged = mergeReports([report, report]);
  assert.equal(merged.flagged, 12);
  assert.equal(merged.by_quantity.wind_ms, 12);
});
