import assert from 'node:assert/strict';
import { test } from 'node:test';
import { POLLUTANTS } from '../../../../src/domain/live/readings.ts';
import { allocateOutput } from '../../../../src/model/embedded/compute/series-output.ts';
import { AirCorrection, emptyColumns } from '../../../../src/model/embedded/live/air-correction.ts';

/**
 * Residual interpolation (docs/live-data.md): inside a station's footprint the answer is
 * the measurement, the correction spreads with distance, far away the mean one applies.
 */
const FOOTPRINT_KM = 0.01;
const SITES = [
  { lat: 50.85, lon: 4.35, footprintKm: FOOTPRINT_KM },
  { lat: 50.8, lon: 4.35, footprintKm: FOOTPRINT_KM },
];
/** 1e-4° of latitude is 11 m */
const DEG_PER_KM = 1 / 111.2;

function corrected(lat: number, lon: number, modelled: number, residuals: [number, number]): number {
  const columns = emptyColumns(SITES.length);
  const means = emptyColumns(1);
  for (const p of POLLUTANTS) {
    columns[p][0] = residuals[0];
    columns[p][1] = residuals[1];
    means[p][0] = (residuals[0] + residuals[1]) / 2;
  }
  const out = allocateOutput(1);
  out.no2[0] = modelled;
  new AirCorrection(SITES, 1, columns, means).apply(lat, lon, 0, 1, out, 0);
  return out.no2[0]!;
}

test('at a station the model answers the measurement', () => {
  // modelled 20 where 40 was measured: residual ln 2
  assert.ok(Math.abs(corrected(50.85, 4.35, 20, [Math.log(2), 0]) - 40) < 1e-3);
});

test("inside a station's footprint the answer is the measurement, just beyond it the spread field", () => {
  const residuals: [number, number] = [Math.log(2), 0];
  const inside = corrected(50.85 + 0.9 * FOOTPRINT_KM * DEG_PER_KM, 4.35, 20, residuals);
  assert.ok(Math.abs(inside - 40) < 1e-3, `inside ${inside}`);
  const beyond = corrected(50.85 + 1.5 * FOOTPRINT_KM * DEG_PER_KM, 4.35, 20, residuals);
  assert.ok(beyond < 40 && beyond > 39.9, `just beyond ${beyond}`);
});

test('a station departing from the mean by more than a factor 4 keeps its measurement to its footprint', () => {
  // measured 64 times the model at the first station, as modelled at the second: the mean
  // is ln 8, the first departs from it by ln 8
  const residuals: [number, number] = [Math.log(64), 0];
  assert.ok(Math.abs(corrected(50.85, 4.35, 10, residuals) - 640) < 0.1, 'its own footprint');
  // what spreads is the mean plus at most ln 4: 110 m away the field is near 10·8·4, not 640
  const near = corrected(50.849, 4.35, 10, residuals);
  assert.ok(near <= 10 * 8 * 4 + 1e-3 && near > 300, `near ${near}`);
});

test('a correction all stations agree on is not capped, however large', () => {
  const residuals: [number, number] = [Math.log(8), Math.log(8)];
  const far = corrected(51.5, 4.35, 10, residuals);
  assert.ok(Math.abs(far - 80) < 1e-3, `far ${far}`);
});

test('the correction spreads with distance towards the mean one', () => {
  const residuals: [number, number] = [Math.log(2), 0];
  const near = corrected(50.849, 4.35, 20, residuals); // ~110 m from the first station
  const between = corrected(50.825, 4.35, 20, residuals);
  const far = corrected(51.5, 4.35, 20, residuals); // ~70 km away
  assert.ok(near > 39 && near < 40, `near ${near}`);
  assert.ok(Math.abs(between - 20 * Math.exp(Math.log(2) / 2)) < 0.5, `half-way ${between}`);
  assert.ok(Math.abs(far - 20 * Math.exp(Math.log(2) / 2)) < 0.5, `far ${far}`);
});

test('an hour without any measurement is left as modelled', () => {
  const columns = emptyColumns(2);
  const out = allocateOutput(1);
  out.no2[0] = 17;
  new AirCorrection(SITES, 1, columns, emptyColumns(1)).apply(50.85, 4.35, 0, 1, out, 0);
  assert.equal(out.no2[0], 17);
});
