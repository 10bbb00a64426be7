import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { airBlockFromTallies, computeAirBlock } from '../../../../src/domain/metrics/air/block.ts';
import { mergeAirTallies, tallyAir } from '../../../../src/domain/metrics/air/tallies.ts';
import type { AirColumns } from '../../../../src/domain/metrics/air/types.ts';
import { yearHours } from '../../../helpers/stats-years.ts';

const HOURS = yearHours(2025);

/** a cell's air readings from a seeded generator: every class, some missing readings */
function randomCell(seed: number): AirColumns {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const column = (scale: number) =>
    Float32Array.from(HOURS, () => (next() < 0.02 ? Number.NaN : next() < 0.01 ? 0 : next() ** 2 * scale));
  return { no2: column(120), pm25: column(90), pm10: column(160) };
}

describe('air tallies', () => {
  const cells = Array.from({ length: 11 }, (_, i) => randomCell(i + 1));

  test('of disjoint groups add up exactly to the tallies of all the cells, whatever the groups', () => {
    const all = tallyAir(cells, HOURS.length);
    for (const cut of [1, 4, 7, 10]) {
      const merged = mergeAirTallies([
        tallyAir(cells.slice(0, cut), HOURS.length),
        tallyAir(cells.slice(cut), HOURS.length),
      ]);
      assert.deepEqual(merged, all, `cut after ${cut}`);
    }
    const reversed = tallyAir([...cells].reverse(), HOURS.length);
    assert.deepEqual(reversed, all, 'the cells in another order');
  });

  test('give the air block the block computes from all the cells at once', () => {
    const reference = { good_pct: 35, n_locations: 8 };
    const whole = computeAirBlock({ hours: HOURS, cells }, reference);
    const merged = mergeAirTallies([
      tallyAir(cells.slice(0, 6), HOURS.length),
      tallyAir(cells.slice(6), HOURS.length),
    ]);
    assert.deepEqual(airBlockFromTallies(HOURS, merged, reference), whole);
    assert.ok(whole && whole.hours_graded > 8000);
  });

  test('keep the annual means within a millionth of the plain mean of the valid readings', () => {
    const block = computeAirBlock({ hours: HOURS, cells })!;
    const plain = (name: 'no2' | 'pm25' | 'pm10') => {
      let sum = 0;
      let count = 0;
      for (const cell of cells)
        for (const value of cell[name] as Float32Array)
          if (value >= 0 && !(name === 'no2' && value === 0)) {
            sum += value;
            count++;
          }
      return sum / count;
    };
    for (const name of ['no2', 'pm25', 'pm10'] as const)
      assert.ok(Math.abs(block.annual_mean_ugm3[name]! - Math.round(plain(name) * 10) / 10) < 1e-9, name);
  });
});
