import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  effectiveSpeed,
  lawsonScore,
  pollutantSubscore,
  scoreLabel,
  seasonSubscore,
  worstMomentCeiling,
} from '../../../src/domain/stats/index.ts';
import { roundTo, sharePct } from '../../../src/domain/stats/publication.ts';

describe('WHO 2021 pollutant ladders', () => {
  test('score 10 at or below the annual guideline, then 8, 6, 4, 2 at the interim targets', () => {
    const anchors = {
      pm25: [5, 10, 15, 25, 35],
      pm10: [15, 20, 30, 50, 70],
    } as const;
    for (const [pollutant, levels] of Object.entries(anchors)) {
      const scores = levels.map((level) => pollutantSubscore(pollutant as 'pm25' | 'pm10', level));
      assert.deepEqual(scores, [10, 8, 6, 4, 2], pollutant);
    }
    assert.deepEqual(
      [10, 20, 30, 40].map((level) => pollutantSubscore('no2', level)),
      [10, 6, 4, 2],
    );
    assert.equal(pollutantSubscore('pm25', 0), 10);
  });

  test('is linear between anchors and 0 from twice interim target 1', () => {
    assert.equal(pollutantSubscore('pm25', 7.5), 9);
    assert.equal(pollutantSubscore('no2', 15), 8);
    assert.equal(pollutantSubscore('pm10', 105), 1);
    assert.equal(pollutantSubscore('no2', 80), 0);
    assert.equal(pollutantSubscore('pm25', 200), 0);
  });
});

describe('score labels', () => {
  test('bands: 9 Excellent, 8 Very good, 6 Good, 4 Moderate, 2 Poor, below Bad', () => {
    const cases: Array<[number, string]> = [
      [10, 'Excellent'],
      [9, 'Excellent'],
      [8.9, 'Very good'],
      [8, 'Very good'],
      [7.9, 'Good'],
      [6, 'Good'],
      [5.9, 'Moderate'],
      [4, 'Moderate'],
      [3.9, 'Poor'],
      [2, 'Poor'],
      [1.9, 'Bad'],
      [0, 'Bad'],
    ];
    for (const [score, label] of cases) assert.equal(scoreLabel(score), label, String(score));
  });
});

describe('wind scoring', () => {
  test('effective speed is the larger of the mean and gust / 1.85', () => {
    assert.equal(effectiveSpeed(3, 3.7), 3);
    assert.equal(effectiveSpeed(3, 7.4), 4);
  });

  test('the best band whose allowance holds; safety overrides', () => {
    const shares = (above: Record<number, number>) => (threshold: number) => above[threshold] ?? 0;
    assert.equal(lawsonScore(shares({ 2.5: 5 })), 10);
    assert.equal(lawsonScore(shares({ 2.5: 5.1, 4: 5 })), 8);
    assert.equal(lawsonScore(shares({ 2.5: 50, 4: 20, 6: 5 })), 6);
    assert.equal(lawsonScore(shares({ 2.5: 50, 4: 20, 6: 10, 8: 4 })), 4);
    assert.equal(lawsonScore(shares({ 2.5: 90, 4: 80, 6: 40, 8: 6 })), 2);
    assert.equal(lawsonScore(shares({ 15: 0.022 })), 10);
    assert.equal(lawsonScore(shares({ 15: 0.023 })), 0);
  });

  test('worst-moment ladder', () => {
    const cases: Array<[number, number]> = [
      [3, 10],
      [8, 10],
      [8.01, 8],
      [10, 8],
      [12, 6],
      [15, 4],
      [20, 2],
      [20.01, 0],
    ];
    for (const [speed, ceiling] of cases) assert.equal(worstMomentCeiling(speed), ceiling, String(speed));
  });
});

describe('thermal seasonal anchors', () => {
  test('0 at the floor, 10 at the target, linear between, per season', () => {
    assert.equal(seasonSubscore('summer', 85), 0);
    assert.equal(seasonSubscore('summer', 92), 5);
    assert.equal(seasonSubscore('summer', 99), 10);
    assert.equal(seasonSubscore('summer', 100), 10);
    assert.equal(seasonSubscore('spring', 50), 0);
    assert.equal(seasonSubscore('spring', 72.5), 5);
    assert.equal(seasonSubscore('spring', 95), 10);
    assert.equal(seasonSubscore('winter', 10), 0);
    assert.equal(seasonSubscore('winter', 40), 5);
    assert.equal(seasonSubscore('winter', 70), 10);
    assert.equal(seasonSubscore('spring', 20), 0);
  });
});

describe('publication rounding', () => {
  test('rounds half away from zero on the decimal value', () => {
    assert.equal(roundTo(1.005, 2), 1.01);
    assert.equal(roundTo(2.25, 1), 2.3);
    assert.equal(roundTo(-2.25, 1), -2.3);
    assert.equal(roundTo(-0.04, 1), 0);
    assert.ok(Object.is(roundTo(-0.04, 1), 0), 'never -0');
  });

  test('shares are percentages to 1 decimal, null of nothing', () => {
    assert.equal(sharePct(1, 3), 33.3);
    assert.equal(sharePct(2, 3), 66.7);
    assert.equal(sharePct(0, 0), null);
  });
});

describe('the worked examples of docs/scoring.md', () => {
  test('air: NO2 15, PM2.5 7.5, PM10 18 → 8.0, 9.0, 8.8; Very good', () => {
    const subscores = [
      pollutantSubscore('no2', 15),
      pollutantSubscore('pm25', 7.5),
      pollutantSubscore('pm10', 18),
    ];
    assert.deepEqual(subscores, [8, 9, 8.8]);
    assert.equal(scoreLabel(Math.min(...subscores)), 'Very good');
  });

  test('thermal: winter 40, spring 90, summer 94, autumn 95 → 5.0, 8.9, 6.4, 10; Moderate', () => {
    const subscores = [
      seasonSubscore('winter', 40),
      seasonSubscore('spring', 90),
      seasonSubscore('summer', 94),
      seasonSubscore('autumn', 95),
    ];
    assert.deepEqual(subscores, [5, 8.9, 6.4, 10]);
    assert.equal(scoreLabel(Math.min(...subscores)), 'Moderate');
  });

  test('thermal: heat stress on 8 % of summer daytime hours limits a mild-wintered square', () => {
    // 92 % acceptable: (92 − 85) / (99 − 85) → 5.0, below a winter of 70 % (10)
    assert.equal(seasonSubscore('summer', 92), 5);
    assert.equal(seasonSubscore('winter', 70), 10);
    assert.equal(seasonSubscore('summer', 99.5), 10);
    assert.equal(seasonSubscore('summer', 84), 0);
  });
});
