import assert from 'node:assert/strict';
import { test } from 'node:test';
import { POLLUTANTS } from '../../../../src/domain/live/readings.ts';
import { allocateOutput } from '../../../../src/model/embedded/compute/series-output.ts';
import {
  AirCorrection,
  CORRECTION_LENGTH_KM,
  emptyColumns,
} from '../../../../src/model/embedded/live/air-correction.ts';
import { distanceKm } from '../../../../src/model/embedded/live/live-weather.ts';

/**
 * The residual interpolation's weights, against the formula of air-correction.ts's doc
 * comment: r(x) = r̄ + exp(−d_min / L) · Σ w_s (r_s − r̄) / Σ w_s with w_s = 1 / d_s². The
 * cell is at unequal distances from stations with unequal residuals, so any other weight
 * (1 / d, say) gives another answer; half-way between two stations would not tell them apart.
 * Every departure r_s − r̄ here is under the ln 4 cap, so the cap plays no part.
 */
const SITES = [
  { lat: 50.85, lon: 4.35, footprintKm: 0.01 },
  { lat: 50.8, lon: 4.35, footprintKm: 0.01 },
  { lat: 50.83, lon: 4.41, footprintKm: 0.01 },
];
const RESIDUALS = [Math.log(2), -Math.log(1.5), 0.3];
const MEAN = RESIDUALS.reduce((sum, r) => sum + r, 0) / RESIDUALS.length;
const CELL = { lat: 50.842, lon: 4.362 };
const MODELLED = 20;

function expectedFromFormula(): number {
  const distances = SITES.map((site) => distanceKm(CELL.lat, CELL.lon, site.lat, site.lon));
  const weights = distances.map((d) => 1 / (d * d));
  const spread =
    weights.reduce((sum, w, s) => sum + w * (RESIDUALS[s]! - MEAN), 0) /
    weights.reduce((sum, w) => sum + w, 0);
  const r = MEAN + Math.exp(-Math.min(...distances) / CORRECTION_LENGTH_KM) * spread;
  return MODELLED * Math.exp(r);
}

test('a cell between stations takes their residuals weighted by 1 / d², as documented', () => {
  const residuals = emptyColumns(SITES.length);
  const means = emptyColumns(1);
  for (const p of POLLUTANTS) {
    RESIDUALS.forEach((r, s) => {
      residuals[p][s] = r;
    });
    means[p][0] = MEAN;
  }
  const out = allocateOutput(1);
  for (const p of POLLUTANTS) out[p][0] = MODELLED;
  new AirCorrection(SITES, 1, residuals, means).apply(CELL.lat, CELL.lon, 0, 1, out, 0);
  const expected = expectedFromFormula();
  for (const p of POLLUTANTS) {
    // the columns are 32-bit floats: a relative 1e-6 is a few units of their last place
    const got = out[p][0]!;
    assert.ok(Math.abs(got - expected) / expected < 1e-6, `${p}: ${got}, the formula gives ${expected}`);
  }
});
