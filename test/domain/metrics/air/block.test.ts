import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeAirBlock } from '../../../../src/domain/metrics/air/block.ts';
import {
  cell,
  hoursFrom,
  input,
  intlBrusselsHour,
  intlBrusselsMonth,
  yearHours,
} from '../../../helpers/stats-years.ts';

const YEAR = yearHours(2025);
/** class 1 on every pollutant */
const CLEAN = { no2: 5, pm25: 1, pm10: 1 };

describe('air block: hourly index and shares', () => {
  test('a year at class 1: everything excellent, NO2 dominates by the tie rule', () => {
    const block = computeAirBlock(input(YEAR, cell(YEAR, CLEAN)))!;
    assert.equal(block.hours_graded, 8760);
    assert.equal(block.distribution_pct.Excellent, 100);
    assert.equal(block.good_pct, 100);
    assert.equal(block.rating, 10);
    assert.deepEqual(block.grouped_pct, { g12: 100, g34: 0, g56: 0, g710: 0 });
    assert.equal(block.dominant_pollutant, 'no2');
    assert.deepEqual(block.pollutant_share_pct, { no2: 100, pm25: 0, pm10: 0 });
  });

  test('a year in which exactly 25 % of hours are class 5', () => {
    const block = computeAirBlock(
      input(YEAR, cell(YEAR, { ...CLEAN, pm25: (i) => (i % 4 === 0 ? 16 : 1) })),
    )!;
    assert.equal(block.distribution_pct.Moderate, 25);
    assert.equal(block.distribution_pct.Excellent, 75);
    assert.equal(
      Object.values(block.distribution_pct).reduce((a, b) => a + b, 0),
      100,
    );
    assert.equal(block.good_pct, 75);
    assert.equal(block.rating, 7.5);
    assert.deepEqual(block.grouped_pct, { g12: 75, g34: 0, g56: 25, g710: 0 });
    assert.deepEqual(block.pollutant_share_pct, { no2: 75, pm25: 25, pm10: 0 });
    assert.equal(block.dominant_pollutant, 'no2');
  });

  test('good air is class 4 or better: class 4 counts, class 5 does not', () => {
    const fairlyGood = computeAirBlock(input(YEAR, cell(YEAR, { ...CLEAN, no2: 30 })))!;
    assert.equal(fairlyGood.good_pct, 100);
    assert.equal(fairlyGood.distribution_pct['Fairly good'], 100);
    const moderate = computeAirBlock(input(YEAR, cell(YEAR, { ...CLEAN, no2: 30.5 })))!;
    assert.equal(moderate.good_pct, 0);
    assert.equal(moderate.rating, 0);
  });

  test('averages the cells’ indices per hour, rounding half up', () => {
    const half = computeAirBlock(input(YEAR, cell(YEAR, { ...CLEAN }), cell(YEAR, { ...CLEAN, no2: 12 })))!;
    assert.equal(half.distribution_pct['Very good'], 100, 'classes 1 and 2 average to 1.5, rounded to 2');
    const third = computeAirBlock(
      input(YEAR, cell(YEAR, CLEAN), cell(YEAR, CLEAN), cell(YEAR, { ...CLEAN, no2: 12 })),
    )!;
    assert.equal(third.distribution_pct.Excellent, 100, 'classes 1, 1, 2 average to 1.33, rounded to 1');
  });

  test('the hour’s dominant pollutant is the one dominating most cells', () => {
    const block = computeAirBlock(
      input(
        YEAR,
        cell(YEAR, { ...CLEAN, pm10: 50 }),
        cell(YEAR, { ...CLEAN, pm10: 50 }),
        cell(YEAR, { ...CLEAN, pm25: 30 }),
      ),
    )!;
    assert.equal(block.dominant_pollutant, 'pm10');
    assert.equal(block.pollutant_share_pct.pm10, 100);
  });

  test('does not grade hours without any valid reading', () => {
    const block = computeAirBlock(
      input(YEAR, cell(YEAR, { no2: (i) => (i < 760 ? 0 : 5), pm25: (i) => (i < 760 ? Number.NaN : 1) })),
    )!;
    assert.equal(block.hours_graded, 8000);
    assert.equal(block.annual_mean_ugm3.pm10, null);
    assert.equal(block.pollutant_scores.pm10, null);
  });

  test('is null when nothing is valid', () => {
    assert.equal(computeAirBlock(input(YEAR, cell(YEAR, { no2: 0 }))), null);
    assert.equal(computeAirBlock(input(YEAR)), null);
  });
});

describe('air block: local time', () => {
  test('day is 08:00 to 20:00 local, night 20:00 to 08:00 (Intl-built series)', () => {
    const block = computeAirBlock(
      input(
        YEAR,
        cell(YEAR, {
          ...CLEAN,
          pm25: (_, t) => (intlBrusselsHour(t) >= 8 && intlBrusselsHour(t) < 20 ? 1 : 40),
        }),
      ),
    )!;
    assert.equal(block.day_good_pct, 100);
    assert.equal(block.night_good_pct, 0);
    assert.equal(block.good_pct, 50);
  });

  test('06:00 UTC is daytime under summer time and night-time in winter', () => {
    // bad air at 06:00 UTC daily: 08:00 local on the 210 summer-time days of 2025, 07:00 on the other 155
    const block = computeAirBlock(
      input(YEAR, cell(YEAR, { ...CLEAN, pm25: (_, t) => (new Date(t).getUTCHours() === 6 ? 40 : 1) })),
    )!;
    assert.equal(block.day_good_pct, 95.2, '(4380 - 210) / 4380');
    assert.equal(block.night_good_pct, 96.5, '(4380 - 155) / 4380');
  });

  test('monthly shares follow local months; best and worst months, ties to the earlier month', () => {
    const block = computeAirBlock(
      input(YEAR, cell(YEAR, { ...CLEAN, no2: (_, t) => (intlBrusselsMonth(t) === 7 ? 50 : 5) })),
    )!;
    assert.equal(block.monthly_good_pct['7'], 0);
    for (const month of ['1', '6', '8', '12']) assert.equal(block.monthly_good_pct[month], 100);
    assert.equal(block.worst_month, 7);
    assert.equal(block.best_month, 1);
  });

  test('a leap year grades 8784 hours and has a 29th of February', () => {
    const leap = yearHours(2024);
    const feb29 = Date.parse('2024-02-29T00:00:00+01:00');
    const block = computeAirBlock(
      input(leap, cell(leap, { ...CLEAN, no2: (_, t) => (t >= feb29 && t < feb29 + 86_400_000 ? 50 : 5) })),
    )!;
    assert.equal(block.hours_graded, 8784);
    // February 2024 has 29 local days = 696 hours, 24 of them bad
    assert.equal(block.monthly_good_pct['2'], Math.round((1000 * 672) / 696) / 10);
  });

  test('a short series leaves months without data null', () => {
    const week = hoursFrom('2025-07-07T00:00:00Z', 168);
    const block = computeAirBlock(input(week, cell(week, CLEAN)))!;
    assert.equal(block.monthly_good_pct['7'], 100);
    assert.equal(block.monthly_good_pct['1'], null);
    assert.equal(block.best_month, 7);
    assert.equal(block.worst_month, 7);
  });
});

describe('air block: WHO-anchored score', () => {
  test('reads each annual mean on its ladder; the worst decides', () => {
    const block = computeAirBlock(input(YEAR, cell(YEAR, { no2: 20, pm25: 5, pm10: 15 })))!;
    assert.deepEqual(block.annual_mean_ugm3, { no2: 20, pm25: 5, pm10: 15 });
    assert.deepEqual(block.pollutant_scores, { no2: 6, pm25: 10, pm10: 10 });
    assert.equal(block.score, 6);
    assert.equal(block.label, 'Good');
    assert.deepEqual(block.limiting_pollutants, ['no2']);
    assert.equal(block.limiting_pollutant, 'no2');
  });

  test('lists every pollutant tied on the lowest subscore, in NO2, PM2.5, PM10 order', () => {
    const block = computeAirBlock(input(YEAR, cell(YEAR, { no2: 30, pm25: 25, pm10: 15 })))!;
    assert.deepEqual(block.pollutant_scores, { no2: 4, pm25: 4, pm10: 10 });
    assert.deepEqual(block.limiting_pollutants, ['no2', 'pm25']);
    assert.equal(block.limiting_pollutant, 'no2');
    assert.equal(block.label, 'Moderate');
  });

  test('annual means pool cell-hours and skip NO2 zeros', () => {
    const block = computeAirBlock(
      input(
        YEAR,
        cell(YEAR, { no2: (i) => (i % 2 === 0 ? 0 : 30), pm25: 8 }),
        cell(YEAR, { no2: 10, pm25: 12 }),
      ),
    )!;
    // NO2: 4380 readings of 30 and 8760 of 10 → 16.67
    assert.equal(block.annual_mean_ugm3.no2, 16.7);
    assert.equal(block.annual_mean_ugm3.pm25, 10);
    assert.equal(block.annual_mean_ugm3.pm10, null);
  });

  test('carries a benchmark only when a reference is given', () => {
    const data = input(YEAR, cell(YEAR, { ...CLEAN, pm25: (i) => (i % 4 === 0 ? 16 : 1) }));
    assert.equal('benchmark' in computeAirBlock(data)!, false);
    assert.deepEqual(computeAirBlock(data, { good_pct: 62.04, n_locations: 5 })!.benchmark, {
      good_pct: 62,
      n_locations: 5,
      difference_pct: 13,
    });
  });
});
