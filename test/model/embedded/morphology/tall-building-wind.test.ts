import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '../../../../src/model/embedded/morphology/canvas.ts';
import { SURFACE, WIND_SECTORS } from '../../../../src/model/embedded/morphology/layout.ts';
import {
  amplification,
  directionShare,
  MAX_AMPLIFICATION,
} from '../../../../src/model/embedded/morphology/tall-building-wind.ts';
import { windFactors } from '../../../../src/model/embedded/morphology/wind-exposure.ts';

/**
 * Issue #47, item 2, checked on the isolated high-rise benchmark (AIJ case A: a square
 * prism twice as tall as it is wide, alone on open ground; wind-tunnel speed-up factors,
 * Tominaga et al. 2008): about 1.2–1.4 round the side corners, about 1 or less before the
 * windward face, well below 1 in the wake. Here a 60 m × 30 m × 30 m tower on open paved
 * ground at 10 m cells, the wind from the south-west; each factor is the place's
 * pedestrian wind over the open ground's far from the tower.
 */
const CELL_DEG_LAT = 10 / 111_320;
const CELL_DEG_LON = 10 / (111_320 * Math.cos((50.85 * Math.PI) / 180));
const SIZE = 61;

function isolatedTower(heightM: number, surroundingsM = 0) {
  const c = createCanvas({
    west: 4.3,
    north: 50.9,
    dLon: CELL_DEG_LON,
    dLat: CELL_DEG_LAT,
    cols: SIZE,
    rows: SIZE,
  });
  c.surface.fill(SURFACE.plaza);
  const mid = Math.floor(SIZE / 2);
  // low buildings in a ring 80–150 m out (none when surroundingsM is 0)
  if (surroundingsM > 0)
    for (let r = 0; r < SIZE; r++)
      for (let col = 0; col < SIZE; col++) {
        const d = Math.hypot(r - mid, col - mid);
        if (d >= 8 && d <= 15 && (r + col) % 3 === 0) {
          c.surface[r * SIZE + col] = SURFACE.building;
          c.heightM[r * SIZE + col] = surroundingsM;
        }
      }
  for (let r = mid - 1; r <= mid + 1; r++)
    for (let col = mid - 1; col <= mid + 1; col++) {
      c.surface[r * SIZE + col] = SURFACE.building;
      c.heightM[r * SIZE + col] = heightM;
    }
  const { factor } = windFactors(
    c,
    new Float32Array(SIZE * SIZE),
    new Float32Array(SIZE * SIZE),
    new Float32Array(SIZE * SIZE).fill(1),
  );
  const south_west = WIND_SECTORS * (225 / 360);
  const at = (dRow: number, dCol: number) =>
    factor[((mid + dRow) * SIZE + mid + dCol) * WIND_SECTORS + south_west]! / 100;
  return { at, open: factor[(2 * SIZE + 2) * WIND_SECTORS + south_west]! / 100 };
}

test('an isolated tower in a south-west wind: corner streams at its sides, downwash before it, a wake behind', () => {
  const { at, open } = isolatedTower(60);
  // the wind from the SW blows towards the NE: the side corners lie to the NW and the SE
  const cornerNW = at(-2, -2) / open;
  const cornerSE = at(2, 2) / open;
  const windward = at(2, -2) / open; // SW of the tower
  const wake = at(-3, 3) / open; // NE of it
  for (const [name, ratio] of [
    ['NW corner', cornerNW],
    ['SE corner', cornerSE],
  ] as const)
    assert.ok(
      ratio >= 1.2 && ratio <= 1.45,
      `${name}: ${ratio.toFixed(2)} of the open ground's wind (AIJ: 1.2–1.4)`,
    );
  assert.ok(
    windward > 0.9 && windward < cornerNW,
    `windward face ${windward.toFixed(2)}: about 1, below the corners`,
  );
  assert.ok(wake < 0.7, `wake ${wake.toFixed(2)}: sheltered`);
});

test('the speed-up grows with the height over the surroundings, and a building no taller than them adds nothing', () => {
  assert.equal(amplification(20, 15), 1);
  assert.ok(amplification(45, 15) > 1 && amplification(45, 15) < amplification(90, 15));
  assert.equal(amplification(150, 15), MAX_AMPLIFICATION);
  // among 12 m buildings a 100 m tower's corner is windier than the same place among 30 m ones
  const low = isolatedTower(100, 12);
  const high = isolatedTower(100, 30);
  assert.ok(low.at(-2, -2) > high.at(-2, -2), `${low.at(-2, -2)} vs ${high.at(-2, -2)}`);
});

test('the direction share: side corners full, windward face part, wake none', () => {
  assert.equal(directionShare(0), 1);
  assert.ok(Math.abs(directionShare(-1) - 0.6) < 1e-9);
  assert.equal(directionShare(1), 0);
  assert.equal(directionShare(0.6), 0);
  assert.ok(directionShare(0.3) > 0 && directionShare(0.3) < directionShare(0));
});
