import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AirBlockSchema } from '../../../src/domain/metrics/air/block-schema.ts';
import { ThermalBlockSchema } from '../../../src/domain/metrics/thermal/block-schema.ts';
import { WindBlockSchema } from '../../../src/domain/metrics/wind/block-schema.ts';
import { HistoricalStatsSchema } from '../../../src/domain/stats/historical-stats.ts';
import { computeAirBlock, computeThermalBlock, computeWindBlock } from '../../../src/domain/stats/index.ts';
import { cell, input, yearHours } from '../../helpers/stats-years.ts';

const YEAR = yearHours(2024);
const DATA = input(
  YEAR,
  cell(YEAR, {
    no2: (i) => 18 + 12 * Math.sin(i / 5),
    pm25: (i) => 9 + 4 * Math.sin(i / 40),
    pm10: (i) => 16 + 5 * Math.sin(i / 30),
    ucomfort: (i) => 2.5 + 2 * Math.abs(Math.sin(i / 9)),
    ugust: (i) => 5 + 6 * Math.abs(Math.sin(i / 13)),
    utci: (i) => 10 - 9 * Math.cos((2 * Math.PI * i) / 8784) + 7 * Math.sin((2 * Math.PI * (i % 24)) / 24),
  }),
);

function check(schema: TSchema, value: unknown, name: string) {
  assert.ok(
    Value.Check(schema, value),
    `${name}: ${JSON.stringify([...Value.Errors(schema, value)].slice(0, 3))}`,
  );
}

describe('statistics blocks against the response schemas', () => {
  const air = computeAirBlock(DATA, { good_pct: 60, n_locations: 4 })!;
  const wind = computeWindBlock(DATA)!;
  const thermal = computeThermalBlock(DATA, { summer_night_mean_utci_c: 15 })!;

  test('each block validates, with and without its optional reference fields', () => {
    check(AirBlockSchema, air, 'air');
    check(AirBlockSchema, computeAirBlock(DATA), 'air without benchmark');
    check(WindBlockSchema, wind, 'wind');
    check(ThermalBlockSchema, thermal, 'thermal');
    check(ThermalBlockSchema, computeThermalBlock(DATA), 'thermal without reference');
  });

  test('the whole envelope validates, with blocks optional', () => {
    const meta = {
      dataset: 'brussels_extended',
      reference_year: 2024,
      sampling: 'radius',
      radius_m: 20,
      n_cells: 1,
      hours: 8784,
      metrics: ['air', 'wind', 'thermal'],
      generated_utc: '2025-01-01T00:00:00.000Z',
    };
    const body = {
      city: { id: 'brussels', name: 'Brussels', country: 'BE' },
      location: { address: null, lat: 50.8467, lon: 4.3525 },
      meta,
      air,
      wind,
      thermal,
    };
    check(HistoricalStatsSchema, body, 'full');
    check(
      HistoricalStatsSchema,
      { location: body.location, meta: { ...meta, dataset: 'belgium_lowres' } },
      'bare',
    );
    assert.equal(Value.Check(HistoricalStatsSchema, { ...body, meta: { ...meta, sampling: 'area' } }), false);
  });

  test('the schema rejects a block missing a field', () => {
    const { calm_pct: _calm, ...incomplete } = wind;
    assert.equal(Value.Check(WindBlockSchema, incomplete), false);
  });
});
