import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CityTunnel } from '../../../../src/domain/coverage/city-package/model-geometry.ts';
import { gridOver } from '../../../../src/model/embedded/grid/geometry.ts';
import { createCanvas } from '../../../../src/model/embedded/morphology/canvas.ts';
import { portalExposure } from '../../../../src/model/embedded/morphology/tunnel-portals.ts';

/** a 3 km × 1 km grid of 10 m cells near Brussels, and a west–east tunnel of a given length */
const grid = gridOver([4.3, 50.84, 4.342, 50.849], 10);
const LAT = 50.8445;
const metresPerDegreeLon = 111_195 * Math.cos((LAT * Math.PI) / 180);
const lonAt = (xM: number) => 4.3 + xM / metresPerDegreeLon;
const cellAtX = (xM: number) => {
  const c = createCanvas(grid);
  const row = Math.floor((grid.north - LAT) / grid.dLat);
  return row * c.cols + Math.floor(xM / c.cellW);
};

function exposureWith(tunnels: CityTunnel[]): Float32Array {
  const c = createCanvas(grid);
  c.tunnels = tunnels;
  return portalExposure(c);
}
const tunnel = (fromM: number, toM: number, kind: CityTunnel['kind'] = 'major'): CityTunnel => ({
  kind,
  widthM: 14,
  lines: [
    [
      [lonAt(fromM), LAT],
      [lonAt(toM), LAT],
    ],
  ],
});

describe('tunnel portals', () => {
  test('release the exhaust at both mouths, not along the tunnel', () => {
    const e = exposureWith([tunnel(500, 1500)]);
    const west = e[cellAtX(500)]!;
    const east = e[cellAtX(1500)]!;
    const middle = e[cellAtX(1000)]!;
    assert.ok(west > 0.8 && east > 0.8, `mouths ${west} ${east}`);
    assert.ok(middle < 0.05 * west, `above the middle of the tunnel ${middle}`);
    // the jet mixes out within one to two hundred metres
    assert.ok(e[cellAtX(350)]! < 0.25 * west, `150 m from the mouth ${e[cellAtX(350)]}`);
    assert.ok(e[cellAtX(350)]! > 0, 'but is still there');
  });

  test('are stronger for longer and busier tunnels, up to a limit', () => {
    const mouth = (t: CityTunnel) => exposureWith([t])[cellAtX(500)]!;
    const short = mouth(tunnel(500, 700));
    const long = mouth(tunnel(500, 1300));
    const veryLong = mouth(tunnel(500, 2900));
    const veryLonger = mouth(tunnel(500, 2990));
    assert.ok(long > 1.5 * short, `${short} → ${long}`);
    assert.ok(veryLong > long && Math.abs(veryLonger - veryLong) < 1e-6, 'saturates');
    assert.ok(mouth(tunnel(500, 1300, 'secondary')) < 0.5 * long, 'a secondary road carries less traffic');
  });

  test('reach into the grid from a mouth just outside it', () => {
    const e = exposureWith([tunnel(-100, -900)]);
    assert.ok(e[cellAtX(5)]! > 0.05, `edge cell ${e[cellAtX(5)]}`);
    assert.equal(exposureWith([])[cellAtX(5)], 0);
  });
});
