import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { computeWindBlock, FREQUENT_SITTING_MS } from '../../../../src/domain/metrics/wind/block.ts';
import {
  LAWSON_BANDS,
  SAFETY_THRESHOLD_MS,
  UNCOMFORTABLE_SCORE,
} from '../../../../src/domain/metrics/wind/score.ts';
import { cell, hoursFrom, input, intlBrusselsMonth, yearHours } from '../../../helpers/stats-years.ts';

const YEAR = yearHours(2025);

describe('wind block: distribution and speeds', () => {
  test('a year at a constant 4.5 m/s', () => {
    const block = computeWindBlock(input(YEAR, cell(YEAR, { ucomfort: 4.5, ugust: 6 })))!;
    assert.deepEqual(block.distribution_pct, {
      Calm: 0,
      'Slightly windy': 100,
      Windy: 0,
      'Very windy': 0,
      Danger: 0,
    });
    assert.equal(block.calm_pct, 0);
    assert.equal(block.eff_mean_ms, 4.5);
    assert.equal(block.worst_moment_ms, 4.5);
    assert.equal(block.worst_moment_hours, 8760);
    assert.deepEqual(block.exceedance_pct, {
      above_frequent_sitting: 100,
      slightly_windy_or_worse: 100,
      windy_or_worse: 0,
      very_windy_or_worse: 0,
      danger: 0,
    });
    assert.equal(block.mean_ucomfort_ms, 4.5);
    assert.equal(block.p95_ucomfort_ms, 4.5);
    assert.equal(block.max_gust_ms, 6);
    assert.equal(block.monthly_mean_ucomfort_ms['3'], 4.5);
    // above 2.5 and 4 m/s all year: standing is the best band met
    assert.equal(block.score, 6);
    assert.equal(block.rating, 6);
    assert.equal(block.label, 'Good');
  });

  test('a year in which exactly 25 % of hours are class 5 (gusts above 15 m/s)', () => {
    const block = computeWindBlock(
      input(YEAR, cell(YEAR, { ucomfort: 2, ugust: (i) => (i % 4 === 0 ? 16 : 5) })),
    )!;
    assert.equal(block.distribution_pct.Danger, 25);
    assert.equal(block.calm_pct, 75);
    assert.equal(block.exceedance_pct.danger, 25);
    assert.equal(block.exceedance_pct.very_windy_or_worse, 25);
    assert.equal(block.exceedance_pct.slightly_windy_or_worse, 25);
    assert.equal(block.max_gust_ms, 16);
  });

  test('each hour takes the worse of the comfort and gust classes', () => {
    const block = computeWindBlock(input(YEAR, cell(YEAR, { ucomfort: 7, ugust: 12 })))!;
    assert.equal(block.distribution_pct['Very windy'], 100);
  });

  test('effective speed is the larger of Ucomfort and the gust-equivalent mean Ugust / 1.85', () => {
    const gusty = computeWindBlock(input(YEAR, cell(YEAR, { ucomfort: 1, ugust: 9.25 })))!;
    assert.equal(gusty.eff_mean_ms, 5);
    assert.equal(gusty.mean_ucomfort_ms, 1);
    const steady = computeWindBlock(input(YEAR, cell(YEAR, { ucomfort: 3, ugust: 3.7 })))!;
    assert.equal(steady.eff_mean_ms, 3);
  });

  test('worst moment: the highest effective speed and the hours within 0.5 m/s of it', () => {
    const speeds = [10, 9.6, 9.6, 9.4, 3];
    const hours = hoursFrom('2025-01-10T00:00:00Z', speeds.length);
    const block = computeWindBlock(input(hours, cell(hours, { ucomfort: (i) => speeds[i]!, ugust: 0 })))!;
    assert.equal(block.worst_moment_ms, 10);
    assert.equal(block.worst_moment_hours, 3);
  });

  test('95th percentile interpolates between order statistics', () => {
    const hours = hoursFrom('2025-01-10T00:00:00Z', 101);
    const block = computeWindBlock(input(hours, cell(hours, { ucomfort: (i) => (100 - i) / 10, ugust: 0 })))!;
    assert.equal(block.p95_ucomfort_ms, 9.5);
    const four = hoursFrom('2025-01-10T00:00:00Z', 4);
    const small = computeWindBlock(input(four, cell(four, { ucomfort: (i) => [1, 2, 3, 4][i]!, ugust: 0 })))!;
    assert.equal(small.p95_ucomfort_ms, 3.85);
  });

  test('averages speeds over the sampled cells before classifying', () => {
    const block = computeWindBlock(
      input(YEAR, cell(YEAR, { ucomfort: 2, ugust: 3 }), cell(YEAR, { ucomfort: 6, ugust: 7 })),
    )!;
    assert.equal(block.mean_ucomfort_ms, 4);
    assert.equal(block.distribution_pct['Slightly windy'], 100);
  });

  test('monthly means follow local months', () => {
    const block = computeWindBlock(
      input(YEAR, cell(YEAR, { ucomfort: (_, t) => intlBrusselsMonth(t), ugust: 0 })),
    )!;
    for (let month = 1; month <= 12; month++)
      assert.equal(block.monthly_mean_ucomfort_ms[String(month)], month);
  });

  test('skips hours without both readings and is null without any', () => {
    const block = computeWindBlock(
      input(YEAR, cell(YEAR, { ucomfort: (i) => (i < 4380 ? Number.NaN : 2), ugust: 3 })),
    )!;
    assert.equal(block.calm_pct, 100);
    assert.equal(computeWindBlock(input(YEAR, cell(YEAR, { ucomfort: 2 }))), null);
  });
});

describe('wind block: Lawson exceedance score and worst-moment rating', () => {
  const year = (count: number, high: number, rest: number) =>
    input(YEAR, cell(YEAR, { ucomfort: (i) => (i < count ? high : rest), ugust: 0 }));

  test('exactly 5 % of hours above a threshold is within its allowance', () => {
    // 438 of 8760 hours at 5 m/s: 5 % above 4 m/s; the rest at 3 m/s (above 2.5)
    assert.equal(computeWindBlock(year(438, 5, 3))!.score, 8);
    assert.equal(computeWindBlock(year(439, 5, 3))!.score, 6);
  });

  test('a quiet year is fit for frequent sitting', () => {
    const block = computeWindBlock(year(438, 3, 2))!;
    assert.equal(block.score, 10);
    assert.equal(block.label, 'Excellent');
  });

  test('exceeding every comfort allowance leaves the uncomfortable band', () => {
    assert.equal(computeWindBlock(year(8760, 9, 9))!.score, 2);
  });

  test('more than 0.022 % of hours above 15 m/s is unsafe: score 0', () => {
    assert.equal(computeWindBlock(year(2, 16, 1))!.score, 0);
    assert.equal(computeWindBlock(year(2, 16, 1))!.label, 'Bad');
  });

  test('one storm hour keeps the score but caps the rating', () => {
    const block = computeWindBlock(year(1, 16, 1))!;
    assert.equal(block.score, 10);
    assert.equal(block.worst_moment_ms, 16);
    assert.equal(block.rating, 2);
  });

  // the criteria say "above" each threshold: an hour exactly at one is within it
  test('an hour exactly at a Lawson threshold does not exceed it', () => {
    LAWSON_BANDS.forEach((band, index) => {
      // one hour more than the allowance, every one of them exactly at the threshold; the
      // rest between the band below's threshold and this one (0 m/s below the first)
      const atThreshold = Math.floor((YEAR.length * band.allowancePct) / 100) + 1;
      const below = index === 0 ? 0 : (LAWSON_BANDS[index - 1]!.threshold + band.threshold) / 2;
      const block = computeWindBlock(year(atThreshold, band.threshold, below))!;
      assert.equal(block.score, band.score, `${atThreshold} hours at exactly ${band.threshold} m/s`);
    });
  });

  test('a whole year exactly at a threshold earns that band; exactly at 15 m/s is not unsafe', () => {
    for (const band of LAWSON_BANDS) {
      assert.equal(computeWindBlock(year(0, 0, band.threshold))!.score, band.score, `${band.threshold} m/s`);
    }
    // above every comfort threshold, but not above the safety one
    assert.equal(computeWindBlock(year(0, 0, SAFETY_THRESHOLD_MS))!.score, UNCOMFORTABLE_SCORE);
    const sitting = computeWindBlock(year(0, 0, FREQUENT_SITTING_MS))!;
    assert.equal(sitting.exceedance_pct.above_frequent_sitting, 0);
  });
});
