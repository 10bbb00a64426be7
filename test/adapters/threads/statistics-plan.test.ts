import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planShares } from '../../../src/adapters/threads/statistics-plan.ts';

/** every block of a location is computed once: whole on one thread, or air as tallies of disjoint groups covering every cell */
function assertEachBlockOnce(cellCount: number, threads: number): void {
  const plans = planShares(cellCount, threads);
  assert.ok(plans.length >= 1 && plans.length <= Math.max(1, threads));
  for (const block of ['wind', 'thermal'] as const) {
    assert.equal(
      plans.filter((plan) => plan.blocks.includes(block)).length,
      1,
      `${block}, ${cellCount} cells`,
    );
  }
  const wholeAir = plans.filter((plan) => plan.blocks.includes('air')).length;
  const groups = plans.flatMap((plan) => (plan.tally ? [plan.tally] : []));
  if (wholeAir === 1) assert.equal(groups.length, 0, 'air is computed whole or tallied, not both');
  else {
    assert.equal(wholeAir, 0);
    groups.sort((a, b) => a.from - b.from);
    let next = 0;
    for (const group of groups) {
      assert.equal(group.from, next, 'groups are disjoint and leave no cell out');
      assert.ok(group.to > group.from);
      next = group.to;
    }
    assert.equal(next, cellCount);
    // a share of whole blocks sends every cell: its tallied group must be the last cells
    for (const plan of plans)
      if (plan.blocks.length > 0 && plan.tally) assert.equal(plan.tally.to, cellCount);
  }
}

describe('statistics plan', () => {
  test('computes every block exactly once, for any number of cells and threads', () => {
    for (const threads of [1, 2, 4])
      for (let cells = 1; cells <= 80; cells++) assertEachBlockOnce(cells, threads);
  });

  test('one thread computes everything; a single cell splits air and thermal against wind', () => {
    assert.deepEqual(planShares(30, 1), [{ blocks: ['air', 'wind', 'thermal'] }]);
    assert.deepEqual(planShares(1, 2), [{ blocks: ['air', 'thermal'] }, { blocks: ['wind'] }]);
  });

  test('a few cells keep air against wind and thermal; a radius tallies air in two groups', () => {
    assert.deepEqual(planShares(3, 2), [{ blocks: ['air'] }, { blocks: ['wind', 'thermal'] }]);
    const radius = planShares(33, 2);
    assert.deepEqual(radius[0]!.blocks, []);
    assert.deepEqual(radius[1]!.blocks, ['wind', 'thermal']);
    const first = radius[0]!.tally!;
    // the thread that also has wind and thermal tallies fewer cells
    assert.ok(first.to - first.from > 33 - first.to, `${first.to} of 33 on the air-only thread`);
  });
});
