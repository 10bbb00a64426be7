import assert from 'node:assert/strict';
import { test } from 'node:test';
import { basisOf } from '../../../src/domain/data/history-records.ts';
import { isoHour, parseHourRange } from '../../../src/domain/data/hour-range.ts';
import { ApiError } from '../../../src/domain/errors/catalogue.ts';

/** `from`/`to` of the history routes (issue #50) and the basis each history record carries. */
const HOUR = 3_600_000;
const refusal = (query: { from?: string; to?: string }) => {
  try {
    parseHourRange(query);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'validation_error');
    return error.detail;
  }
  assert.fail(`accepted ${JSON.stringify(query)}`);
};

test('UTC hours in their written forms, both included, at most 31 days apart', () => {
  const from = Date.UTC(2026, 10, 1, 6);
  for (const written of ['2026-11-01T06:00Z', '2026-11-01T06:00:00Z', '2026-11-01T06:00:00.000Z'])
    assert.equal(parseHourRange({ from: written, to: '2026-11-02T06:00Z' }).fromMs, from, written);
  const longest = parseHourRange({ from: '2026-11-01T00:00Z', to: '2026-12-02T00:00Z' });
  assert.equal((longest.toMs - longest.fromMs) / HOUR, 31 * 24);
  assert.equal(isoHour(from), '2026-11-01T06:00Z');
});

test('each refusal says how to fix the request', () => {
  assert.match(refusal({ to: '2026-11-02T06:00Z' }), /'from' is required/);
  assert.match(refusal({ from: '2026-11-01T06:00+01:00', to: '2026-11-02T06:00Z' }), /with the Z/);
  assert.match(refusal({ from: '2026-11-01', to: '2026-11-02T06:00Z' }), /ISO 8601 UTC hour/);
  assert.match(refusal({ from: '2026-11-01T06Z', to: '2026-11-02T06:00Z' }), /ISO 8601 UTC hour/);
  assert.match(refusal({ from: '2026-11-01T06:30Z', to: '2026-11-02T06:00Z' }), /on the hour/);
  assert.match(refusal({ from: '2026-02-30T06:00Z', to: '2026-03-02T06:00Z' }), /not a real date/);
  assert.match(refusal({ from: '2026-11-02T06:00Z', to: '2026-11-01T06:00Z' }), /must not be before/);
  assert.match(refusal({ from: '2026-11-01T00:00Z', to: '2026-12-02T01:00Z' }), /at most 31 days/);
});

test('observed where a station measured, assimilated where only fed inputs, else synthetic', () => {
  const h = Date.UTC(2026, 10, 1, 6);
  const station = { lat: 50.85, lon: 4.35, series: { no2: [[h, 30]] as const } };
  const meteo = {
    lat: 50.85,
    lon: 4.35,
    series: {
      ta_c: [
        [h, 10],
        [h + HOUR, 11],
      ] as const,
    },
  };
  assert.equal(basisOf(h, [station], [meteo]), 'observed');
  assert.equal(basisOf(h + HOUR, [station], [meteo]), 'assimilated');
  assert.equal(basisOf(h + 2 * HOUR, [station], [meteo]), 'synthetic');
});
