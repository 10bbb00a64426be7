import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closed, type Ring } from '../../../src/domain/coverage/cities.ts';
import { EMBEDDED_REGISTRY } from '../../helpers/embedded-cities.ts';

function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum / 2;
}

describe('boundary rings (RFC 7946 §3.1.6)', () => {
  test('a clockwise outline is closed and turned counterclockwise', () => {
    const clockwise: Array<[number, number]> = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
    ];
    const ring = closed(clockwise);
    assert.equal(ring.length, 5);
    assert.deepEqual(ring[0], ring[4]);
    assert.ok(signedArea(ring) > 0);
    assert.deepEqual(new Set(ring.map((p) => p.join())), new Set(clockwise.map((p) => p.join())));
  });

  test('a counterclockwise outline keeps its order', () => {
    const ring = closed([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    assert.deepEqual(ring, [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
  });

  test('every city boundary and planned boundary runs counterclockwise', () => {
    for (const city of EMBEDDED_REGISTRY.cities) {
      assert.ok(signedArea(city.boundary) > 0, `${city.id} boundary`);
      if (city.plannedBoundary) assert.ok(signedArea(city.plannedBoundary) > 0, `${city.id} planned`);
    }
  });
});
