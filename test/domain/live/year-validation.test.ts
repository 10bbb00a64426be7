import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  accountOf,
  fillShortGaps,
  hoursInYear,
  MAX_FILLED_GAP_HOURS,
  refusals,
} from '../../../src/domain/live/year-validation.ts';

/** The rules a backfilled year must meet (issue #35): short gaps filled and counted, long ones refuse it by month. */
const NaN_ = Number.NaN;

test('a gap of up to six hours is interpolated and counted; a longer one stays missing', () => {
  const values = Float64Array.from([1, NaN_, NaN_, 4, ...Array(7).fill(NaN_), 12]);
  const filled = fillShortGaps(values);
  assert.deepEqual([...filled.values.slice(0, 4)], [1, 2, 3, 4]);
  assert.equal(filled.interpolated, 2);
  assert.equal(filled.missing, 7);
});

test('a gap of exactly the longest fillable length is filled; one hour more is not', () => {
  const gapOf = (length: number) => Float64Array.from([0, ...Array(length).fill(NaN_), length + 1]);
  const longest = fillShortGaps(gapOf(MAX_FILLED_GAP_HOURS));
  // the line from 0 to length + 1 passes through each hour's index
  assert.deepEqual(
    [...longest.values],
    Array.from({ length: MAX_FILLED_GAP_HOURS + 2 }, (_, i) => i),
  );
  assert.equal(longest.interpolated, MAX_FILLED_GAP_HOURS);
  assert.equal(longest.missing, 0);
  const tooLong = fillShortGaps(gapOf(MAX_FILLED_GAP_HOURS + 1));
  assert.equal(tooLong.interpolated, 0);
  assert.equal(tooLong.missing, MAX_FILLED_GAP_HOURS + 1);
});

test('a wind direction is interpolated along the shorter arc; the year edges hold the nearest value', () => {
  const dir = fillShortGaps(Float64Array.from([350, NaN_, 10]), { circular: true });
  assert.equal(dir.values[1], 0);
  const edge = fillShortGaps(Float64Array.from([NaN_, NaN_, 5, 6, NaN_]));
  assert.deepEqual([...edge.values], [5, 5, 5, 6, 6]);
  assert.equal(edge.interpolated, 3);
});

test('more than 2 % missing refuses the year, naming the months; less is accepted', () => {
  const year = 2023;
  const values = new Float64Array(hoursInYear(year)).fill(1);
  // March (hours 1416 … 2159) missing whole
  values.fill(NaN_, 1416, 2160);
  const reasons = refusals([accountOf('meteorology ta_c', year, values, 0)]);
  assert.equal(reasons.length, 1);
  assert.match(reasons[0]!, /meteorology ta_c: 744 of 8760 hours missing/);
  assert.match(reasons[0]!, /in March \(744 h\)$/);
  const few = new Float64Array(hoursInYear(year)).fill(1);
  few.fill(NaN_, 100, 200);
  assert.deepEqual(refusals([accountOf('air no2', year, few, 0)]), []);
});
