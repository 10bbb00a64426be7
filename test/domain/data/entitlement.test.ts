import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { entitledMetrics } from '../../../src/domain/data/entitlement.ts';
import { ApiError } from '../../../src/domain/errors/catalogue.ts';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error.code;
  }
  return 'none';
}

describe('entitledMetrics', () => {
  const key = { metrics: ['wind', 'thermal'] };
  const modelled = ['air', 'thermal'] as const;

  test('a metric the key does not hold is 403 before one not modelled here is 422, whatever their order', () => {
    // 'wind' is held but not modelled (422 alone); 'air' is modelled but not held (403 alone)
    assert.equal(
      codeOf(() => entitledMetrics(key, ['wind'], modelled, 'here')),
      'product_unavailable',
    );
    assert.equal(
      codeOf(() => entitledMetrics(key, ['air'], modelled, 'here')),
      'forbidden',
    );
    assert.equal(
      codeOf(() => entitledMetrics(key, ['wind', 'air'], modelled, 'here')),
      'forbidden',
    );
    assert.equal(
      codeOf(() => entitledMetrics(key, ['air', 'wind'], modelled, 'here')),
      'forbidden',
    );
  });

  test('requested metrics held and modelled come back as asked; omitted: every held modelled metric', () => {
    assert.deepEqual(entitledMetrics(key, ['thermal'], modelled, 'here'), ['thermal']);
    assert.deepEqual(entitledMetrics(key, undefined, modelled, 'here'), ['thermal']);
    assert.deepEqual(entitledMetrics({ metrics: ['*'] }, undefined, modelled, 'here'), ['air', 'thermal']);
  });

  test('no held metric modelled here is 422; an empty metric scope is 403', () => {
    assert.equal(
      codeOf(() => entitledMetrics({ metrics: ['wind'] }, undefined, modelled, 'here')),
      'product_unavailable',
    );
    assert.equal(
      codeOf(() => entitledMetrics({ metrics: [] }, undefined, modelled, 'here')),
      'forbidden',
    );
  });
});
