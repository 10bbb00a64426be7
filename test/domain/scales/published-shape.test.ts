import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { listScaleSummaries, listViews, SCALES } from '../../../src/domain/scales/index.ts';
import { ScaleListSchema, ScaleSchema, ViewSchema } from '../../../src/domain/scales/types.ts';

describe('scale data against the published schemas', () => {
  test('every full scale validates against ScaleSchema', () => {
    for (const scale of SCALES) {
      assert.ok(
        Value.Check(ScaleSchema, scale),
        `${scale.id}: ${JSON.stringify([...Value.Errors(ScaleSchema, scale)])}`,
      );
    }
  });

  test('the GET /scales bodies validate, unfiltered and per metric', () => {
    for (const metric of [undefined, 'air', 'wind', 'thermal'] as const) {
      const body = { views: listViews(metric), scales: listScaleSummaries(metric) };
      assert.ok(Value.Check(ScaleListSchema, body), String(metric));
    }
  });

  test('the schema rejects a rule with both all and any, and a test with two comparisons', () => {
    const base = structuredClone(SCALES[0]!);
    const bothModes = structuredClone(base);
    bothModes.classes[0]!.when = {
      all: [{ field: 'Ucomfort', lt: 4 }],
      any: [{ field: 'Ugust', lt: 10 }],
    } as never;
    assert.equal(Value.Check(ScaleSchema, bothModes), false);
    const twoComparisons = structuredClone(base);
    twoComparisons.classes[0]!.when = { all: [{ field: 'Ucomfort', lt: 4, gt: 1 }] } as never;
    assert.equal(Value.Check(ScaleSchema, twoComparisons), false);
  });

  test('the schema rejects a view id outside the interface', () => {
    assert.equal(Value.Check(ViewSchema, { ...listViews()[0], id: 'speed' }), false);
  });
});
