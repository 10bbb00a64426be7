import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BoundedMap } from '../../../src/domain/collections/bounded-map.ts';

describe('BoundedMap', () => {
  test('never holds more than its capacity: a new key drops the oldest', () => {
    const map = new BoundedMap<string, number>(3);
    for (let i = 0; i < 10; i++) map.set(`k${i}`, i);
    assert.equal(map.size, 3);
    assert.deepEqual(
      [...map].map(([key]) => key),
      ['k7', 'k8', 'k9'],
    );
    assert.equal(map.get('k6'), undefined);
  });

  test('a key set again replaces its value, becomes the newest and drops nothing', () => {
    const map = new BoundedMap<string, number>(2).set('a', 1).set('b', 2);
    map.set('a', 10);
    assert.equal(map.size, 2);
    assert.equal(map.get('a'), 10);
    map.set('c', 3);
    assert.deepEqual(
      [...map],
      [
        ['a', 10],
        ['c', 3],
      ],
      'b was the oldest once a was set again',
    );
  });

  test('use() makes a key the newest: least recently used go first', () => {
    const map = new BoundedMap<string, number>(2).set('a', 1).set('b', 2);
    assert.equal(map.use('a'), 1);
    map.set('c', 3);
    assert.equal(map.has('a'), true);
    assert.equal(map.has('b'), false);
    assert.equal(map.use('missing'), undefined);
  });

  test('get() does not change the order', () => {
    const map = new BoundedMap<string, number>(2).set('a', 1).set('b', 2);
    map.get('a');
    map.set('c', 3);
    assert.equal(map.has('a'), false);
  });

  test('delete and clear', () => {
    const map = new BoundedMap<string, number>(2).set('a', 1).set('b', 2);
    assert.equal(map.delete('a'), true);
    assert.equal(map.delete('a'), false);
    map.set('c', 3).set('d', 4);
    assert.deepEqual(
      [...map].map(([key]) => key),
      ['c', 'd'],
    );
    map.clear();
    assert.equal(map.size, 0);
  });

  test('refuses a capacity that could hold nothing', () => {
    assert.throws(() => new BoundedMap(0), RangeError);
    assert.throws(() => new BoundedMap(1.5), RangeError);
  });
});
