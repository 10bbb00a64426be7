import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { exerciseYear, exerciseYearInTurns } from '../../../src/adapters/threads/statistics-exercise.ts';
import { createStatisticsPool } from '../../../src/adapters/threads/statistics-pool.ts';
import {
  type CellColumns,
  computeAirBlock,
  computeThermalBlock,
  computeWindBlock,
} from '../../../src/domain/stats/index.ts';

/**
 * The statistics threads answer what the domain functions answer in-process, for one
 * computation and for several at once.
 */
const HOURS = 8760;
const hours = Float64Array.from({ length: HOURS }, (_, h) => Date.UTC(2025, 0, 1) + h * 3_600_000);
const wave = (mean: number, amplitude: number, period: number, phase = 0) =>
  Float32Array.from(
    { length: HOURS },
    (_, h) => mean + amplitude * Math.sin((2 * Math.PI * (h + phase)) / period),
  );
/** a cell's columns; the pool takes over the columns it is given, so each call gets its own */
const freshCell = (): CellColumns => ({
  no2: wave(30, 14, 24),
  pm25: wave(11, 4, 24, 3),
  pm10: wave(18, 5, 24, 3),
  ucomfort: wave(1.8, 1.2, 71),
  ugust: wave(4, 3, 71),
  utci: wave(11, 15, HOURS, -2200),
  airTempC: wave(11, 12, HOURS, -2200),
});
const cell = freshCell();
const references = { air: { good_pct: 40, n_locations: 9 }, thermal: { summer_night_mean_utci_c: 17 } };

const pool = createStatisticsPool(2);
// the threads are unref'd (they never hold a server open): keep this process alive meanwhile
let keepAlive: NodeJS.Timeout;
before(() => {
  keepAlive = setInterval(() => {}, 1000);
});
after(async () => {
  await pool.close();
  clearInterval(keepAlive);
});

describe('statistics threads', () => {
  const inProcess = () => {
    const input = { hours, cells: [cell] };
    return {
      air: computeAirBlock(input, references.air),
      wind: computeWindBlock(input),
      thermal: computeThermalBlock(input, references.thermal),
    };
  };

  test('answer the blocks the domain functions compute in-process', async () => {
    assert.deepEqual(await pool.compute(hours, [freshCell()], references), inProcess());
  });

  test('answer concurrent computations each with its own blocks', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => pool.compute(hours, [freshCell()], references)));
    for (const blocks of answers) assert.deepEqual(blocks, inProcess());
    assert.equal(pool.pendingTasks!(), 0);
  });

  test('take the columns over instead of copying them on the event loop; the hours stay', async () => {
    const given = freshCell();
    const givenHours = hours.slice();
    assert.deepEqual(await pool.compute(givenHours, [given], references), inProcess());
    for (const column of Object.values(given)) assert.equal(column.length, 0, 'moved to a thread');
    assert.equal(givenHours.length, HOURS);
  });

  test('move views with their buffer; a buffer another thread takes is copied for this one', async () => {
    const source = freshCell();
    // the air and the wind columns in one buffer: the thread of the first share (air, with
    // thermal for a single cell) takes it, the wind thread gets copies
    const names = ['no2', 'pm25', 'pm10', 'ucomfort', 'ugust', 'utci', 'airTempC'] as const;
    const shared = new Float32Array(HOURS * names.length);
    const mixed = {} as CellColumns;
    names.forEach((name, i) => {
      shared.set(source[name], i * HOURS);
      mixed[name] = shared.subarray(i * HOURS, (i + 1) * HOURS);
    });
    assert.deepEqual(await pool.compute(hours, [mixed], references), inProcess());
    assert.equal(shared.length, 0, 'the shared buffer moved to a thread');
    const twice = freshCell();
    const expectedTwice = computeAirBlock({ hours, cells: [cell, cell] }, references.air);
    assert.deepEqual((await pool.compute(hours, [twice, twice], references)).air, expectedTwice);
  });

  test('a single thread (no air / wind-and-thermal split) answers the same blocks', async () => {
    const single = createStatisticsPool(1);
    try {
      assert.deepEqual(await single.compute(hours, [freshCell(), freshCell()], references), {
        air: computeAirBlock({ hours, cells: [cell, cell] }, references.air),
        wind: computeWindBlock({ hours, cells: [cell, cell] }),
        thermal: computeThermalBlock({ hours, cells: [cell, cell] }, references.thermal),
      });
    } finally {
      await single.close();
    }
  });

  test("share a radius's air readings between the threads and answer what one thread computes", async () => {
    // distinct cells (phases apart): the tallies of the two groups must add up to all of them
    const radiusCell = (k: number): CellColumns => ({
      no2: wave(30 + k, 14, 24, k),
      pm25: wave(11, 4 + k / 4, 24, 3 + k),
      pm10: wave(18, 5, 24 + k, 3),
      ucomfort: wave(1.8, 1.2, 71, k),
      ugust: wave(4, 3, 71, k),
      utci: wave(11, 15, HOURS, -2200 + k),
      airTempC: wave(11 + k / 8, 12, HOURS, -2200 + k),
    });
    const count = 24;
    const given = Array.from({ length: count }, (_, k) => radiusCell(k));
    const kept = Array.from({ length: count }, (_, k) => radiusCell(k));
    const answered = await pool.compute(hours, given, references);
    assert.deepEqual(answered, {
      air: computeAirBlock({ hours, cells: kept }, references.air),
      wind: computeWindBlock({ hours, cells: kept }),
      thermal: computeThermalBlock({ hours, cells: kept }, references.thermal),
    });
    for (const cell of given) assert.equal(cell.no2.length, 0, 'every air column moved to a thread');
  });

  test('run every block once over on each thread after a start, then answer as before', async () => {
    await pool.exercise!();
    assert.equal(pool.pendingTasks!(), 0);
    assert.deepEqual(await pool.compute(hours, [freshCell()], references), inProcess());
  });
});

describe('statistics threads: the exercise year', () => {
  test('sweeps every class of each scale, so that no branch of a block is left cold', () => {
    for (const cellCount of [1, 3]) {
      const input = exerciseYear(cellCount);
      assert.equal(input.cells.length, cellCount);
      const air = computeAirBlock(input)!;
      for (const [label, share] of Object.entries(air.distribution_pct))
        assert.ok(share > 0, `BelAQI ${label}`);
      const wind = computeWindBlock(input)!;
      for (const [label, share] of Object.entries(wind.distribution_pct))
        assert.ok(share > 0, `wind ${label}`);
      const thermal = computeThermalBlock(input)!;
      assert.ok(thermal.min_utci_c < -40 && thermal.max_utci_c > 46, 'extreme cold to extreme heat');
      assert.ok(thermal.strong_heat_stress_days > 0 && thermal.tropical_nights > 0);
    }
  });

  test('is built a cell per turn of the event loop after a start, the same year as in one go (#38)', async () => {
    // the server answers requests while it exercises: 24 cells were 150-190 ms in one go
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const inTurns = await exerciseYearInTurns(24);
    counting = false;
    assert.ok(turns >= 23, `the event loop turned ${turns} times while 24 cells were built`);
    assert.deepEqual(inTurns, exerciseYear(24));
  });
});
