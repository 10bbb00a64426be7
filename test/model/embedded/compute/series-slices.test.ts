import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CellSeries } from '../../../../src/domain/grid/model-data.ts';
import {
  joinSeriesSlices,
  OUTPUT_FIELDS,
  sliceBounds,
} from '../../../../src/model/embedded/compute/series-output.ts';
import { locate } from '../../../../src/model/embedded/spatial/queries.ts';
import type { MicroclimateModel } from '../../../../src/model/microclimate-model.ts';
import { referenceYearBothWays, sharedEmbeddedModel, sharedEngine } from '../../../helpers/shared-domains.ts';

const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const AIR = ['no2', 'pm25', 'pm10', 'o3'] as const;

function assertSameSeries(actual: CellSeries, expected: CellSeries): void {
  assert.equal(actual.cell, expected.cell);
  assert.deepEqual(actual.hours, expected.hours);
  for (const field of OUTPUT_FIELDS) assert.deepEqual(actual[field], expected[field], field);
}

describe('series slices: bounds', () => {
  test('the slices of a run cover every hour once, in order, for any number of slices', () => {
    for (const count of [8760, 8784, 7, 1]) {
      for (let of = 1; of <= 5; of++) {
        let next = 0;
        for (let index = 0; index < of; index++) {
          const { from, to } = sliceBounds(count, { index, of });
          assert.equal(from, next, `count ${count}, slice ${index} of ${of}`);
          assert.ok(to >= from);
          next = to;
        }
        assert.equal(next, count);
      }
    }
    assert.deepEqual(sliceBounds(8760, undefined), { from: 0, to: 8760 });
  });
});

describe('series slices: joined', () => {
  test('a reference year computed in slices and joined is the year computed whole', async () => {
    const { engine, domains } = await sharedEngine();
    const place = locate(domains.get('brussels')!, GRAND_PLACE.lat, GRAND_PLACE.lon)!;
    assert.equal(place.isBuilding, false, 'an outdoor cell: the whole kernel runs');
    const [whole] = engine.series('brussels', [place.cell], { kind: 'reference' });
    assert.ok(whole!.utci.every(Number.isFinite));
    for (const of of [2, 3]) {
      const slices = Array.from({ length: of }, (_, index) =>
        engine.series('brussels', [place.cell], { kind: 'reference' }, { index, of }),
      ).flat();
      assert.ok(slices[0]!.hours.length < whole!.hours.length);
      assertSameSeries(joinSeriesSlices(slices), whole!);
    }
  });

  test('refuses to join slices of different cells', async () => {
    const { engine } = await sharedEngine();
    const a = engine.series('brussels', [4_242], { kind: 'reference' }, { index: 0, of: 2 });
    const b = engine.series('brussels', [4_243], { kind: 'reference' }, { index: 1, of: 2 });
    assert.throws(() => joinSeriesSlices([...a, ...b]), /different cells/);
  });
});

describe('series slices: a single cell over two model threads', () => {
  let model: MicroclimateModel;
  before(async () => {
    model = await sharedEmbeddedModel(2);
  });
  after(() => model.close());

  test('answers the year an in-process computation gives, in the two-buffer layout', async () => {
    const { viaModel: viaThreads, inProcess } = await referenceYearBothWays(model, GRAND_PLACE);
    assert.equal(viaThreads.hours.length, 8760);
    assertSameSeries(viaThreads, inProcess);
    // the statistics threads take a series over buffer by buffer: pollutants in one, the rest in another
    const airBuffer = viaThreads.no2.buffer;
    for (const field of AIR) assert.strictEqual(viaThreads[field].buffer, airBuffer, field);
    const rest = OUTPUT_FIELDS.filter((field) => !(AIR as readonly string[]).includes(field));
    for (const field of rest) assert.strictEqual(viaThreads[field].buffer, viaThreads.utci.buffer, field);
    assert.notStrictEqual(viaThreads.utci.buffer, airBuffer);
  });
});
