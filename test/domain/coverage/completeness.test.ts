import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DISTRICT_M, measureCompleteness } from '../../../src/domain/coverage/city-package/completeness.ts';
import type { LonLat } from '../../../src/domain/coverage/city-package/geometry.ts';

/**
 * Completeness per district (issue #33 item 3): four 500 m districts of residential land
 * use in a row; three have half their land use under mapped footprints, the fourth none.
 * The reference coverage is the well-mapped districts' (0.5); the empty one is estimated,
 * its unmapped ground built to the share that brings it to the reference.
 */
const LAT = 50.85;
const dLat = DISTRICT_M / 111_195;
const dLon = dLat / Math.cos((LAT * Math.PI) / 180);
const rect = (w: number, s: number, e: number, n: number): LonLat[][] => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
const west = 4.3;
const area = [west, LAT, west + 4 * dLon, LAT + dLat] as const;
// footprints: the southern half of each of the first three districts
const buildings = [0, 1, 2].map((k) => rect(west + k * dLon, LAT, west + (k + 1) * dLon, LAT + dLat / 2));

test('a district far below the reference coverage is estimated, the others mapped', () => {
  const c = measureCompleteness({ area, buildings, builtUp: [rect(...area)], open: [] });
  assert.ok(Math.abs(c.referenceCoverage - 0.5) < 0.02, `reference ${c.referenceCoverage}`);
  assert.deepEqual(
    c.districts.map((d) => d.geometry),
    ['mapped', 'mapped', 'mapped', 'estimated'],
  );
  const empty = c.districts[3]!;
  assert.equal(empty.coverage, 0);
  // all its ground is unmapped: built to the reference share
  assert.ok(Math.abs(empty.builtFraction! - c.referenceCoverage) < 0.02, `built ${empty.builtFraction}`);
  assert.equal(c.districts[0]!.builtFraction, null);
});

test('open land is not ground a building could stand on, and no land use is not judged', () => {
  const open = [rect(west + 3 * dLon, LAT, west + 4 * dLon, LAT + dLat / 2)];
  const c = measureCompleteness({ area, buildings, builtUp: [rect(...area)], open });
  // half the empty district is a park: the missing footprints go on the other half
  assert.ok(Math.abs(c.districts[3]!.builtFraction! - 0.5) < 0.02);
  const none = measureCompleteness({ area, buildings, builtUp: [], open: [] });
  assert.ok(none.districts.every((d) => d.geometry === 'mapped' && d.coverage === null));
});

test('the same sources give the same figures', () => {
  const input = { area, buildings, builtUp: [rect(...area)], open: [] };
  assert.deepEqual(measureCompleteness(input), measureCompleteness(input));
});
