import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { withinBand } from '../../scripts/model-validation/air.ts';
import { referenceStations, STATION_YEAR, stationRows } from '../../scripts/model-validation/stations.ts';
import { type Validation, validate } from '../../scripts/model-validation/table.ts';
import type { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { sharedEngine } from '../helpers/shared-domains.ts';

/**
 * The validation table of docs/model.md (npm run validate:model): every figure stays in
 * its documented band — annual NO2 and PM2.5 within a factor 1.3 of the reference at
 * every site, no step at the zone edge above the natural cell-to-cell variation, and
 * the climate, wind and time-pattern statistics of issue #16.
 */
let v: Validation;
let engine: ModelEngine;
before(async () => {
  engine = (await sharedEngine()).engine;
  v = validate(engine);
});

describe('model validation against reference data', () => {
  test('covers at least 12 sites of every kind', () => {
    assert.ok(v.air.length >= 12);
    const kinds = new Set(v.air.map((r) => r.site.kind));
    for (const k of [
      'traffic',
      'urban background',
      'suburban',
      'rural',
      'forest',
      'coast',
      'Ardennes',
      'industrial',
    ])
      assert.ok(kinds.has(k as never), k);
  });

  test('keeps annual NO2 and PM2.5 within a factor 1.3 of the reference at every site', () => {
    for (const r of v.air) {
      assert.ok(withinBand(r.no2Ratio), `${r.site.name}: NO2 ${r.no2.toFixed(1)} vs ${r.site.no2}`);
      assert.ok(withinBand(r.pm25Ratio), `${r.site.name}: PM2.5 ${r.pm25.toFixed(1)} vs ${r.site.pm25}`);
    }
  });

  test('has no NO2 step at the zone edge larger than the natural variation', () => {
    assert.ok(v.boundary.length >= 10);
    for (const b of v.boundary) {
      assert.ok(
        Math.abs(b.outside - b.inside) <= Math.max(b.spread, b.nationalStep),
        `at ${b.lat.toFixed(4)},${b.lon.toFixed(4)}: inside ${b.inside.toFixed(1)} ± ${b.spread.toFixed(1)}, outside ${b.outside.toFixed(1)} (1 km neighbours ±${b.nationalStep.toFixed(1)})`,
      );
    }
  });

  test('keeps every climate, wind and time-pattern statistic in its band', () => {
    for (const s of v.climate) {
      assert.ok(s.model >= s.low && s.model <= s.high, `${s.name}: ${s.model} not in ${s.low}…${s.high}`);
    }
  });

  test('compares every station with a measured year, and predicts each one without its own measurement', () => {
    const stations = referenceStations();
    const rows = stationRows(engine, stations);
    assert.equal(rows.length, 16, `stations with a ${STATION_YEAR} annual mean`);
    for (const r of rows) assert.ok(Number.isFinite(r.model) && r.model > 0, r.code);
    assert.ok(rows.some((r) => r.kind === 'traffic') && rows.some((r) => r.kind === 'background'));
    // a background station measuring twice as much: its own prediction does not move, the
    // others' near it do
    const doubled = stations.map((s) =>
      s.code === '41R001'
        ? {
            ...s,
            annual_mean_no2: { ...s.annual_mean_no2, [STATION_YEAR]: 2 * s.annual_mean_no2[STATION_YEAR]! },
          }
        : s,
    );
    const after = stationRows(engine, doubled);
    const own = (list: typeof rows) => list.find((r) => r.code === '41R001')!;
    assert.equal(own(after).leftOut, own(rows).leftOut, 'its own measurement is left out');
    assert.ok(
      after.some((r, i) => r.code !== '41R001' && r.leftOut > rows[i]!.leftOut + 0.1),
      'the others use it',
    );
  });

  test('answers a point outside the zone from the nationwide cell, the same as historical does', () => {
    const city = engine.morphology('brussels');
    const national = engine.background('brussels').nationalCell!;
    const cell = national.findIndex((c) => c >= 0);
    const hour = { hourMs: Date.UTC(2025, 6, 8, 13) };
    const g = city.info.grid;
    const col = cell % g.cols;
    const row = Math.floor(cell / g.cols);
    const window = {
      west: g.west + col * g.dLon,
      east: g.west + (col + 1) * g.dLon,
      north: g.north - row * g.dLat,
      south: g.north - (row + 1) * g.dLat,
    };
    const tile = engine.layerWindow('brussels', 'air', hour, window);
    const hist = engine.series('belgium', [national[cell]!], {
      kind: 'observed',
      fromMs: hour.hourMs,
      toMs: hour.hourMs,
    })[0]!;
    assert.equal(tile.fields.C![0], hist.no2[0]);
  });
});
