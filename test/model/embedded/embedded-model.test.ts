import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ModelTimeoutError } from '../../../src/domain/errors/failures.ts';
import { LAYER_FIELDS } from '../../../src/domain/grid/model-data.ts';
import { buildingTileWindow, encodeBuildingTile } from '../../../src/domain/map/building-tile.ts';
import { encodeLayerTile, layerTileCut } from '../../../src/domain/map/layer-tile.ts';
import { tileAt } from '../../../src/domain/map/mercator.ts';
import { SURFACE } from '../../../src/model/embedded/morphology/layout.ts';
import type { MicroclimateModel } from '../../../src/model/microclimate-model.ts';
import { referenceYearBothWays, sharedEmbeddedModel, sharedEngine } from '../../helpers/shared-domains.ts';

let model: MicroclimateModel;
before(async () => {
  model = await sharedEmbeddedModel(1);
});
after(() => model.close());

const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const JULY_AFTERNOON = Date.UTC(2025, 6, 11, 13);

describe('embedded model: domains and geometry', () => {
  test('declares Brussels, Charleroi (no air) and the nationwide grid (no buildings)', () => {
    const ids = model.domains().map((d) => d.id);
    assert.deepEqual(ids, ['brussels', 'charleroi', 'belgium']);
    assert.equal(model.domain('charleroi').models.air, false);
    assert.equal(model.domain('belgium').hasBuildings, false);
    assert.equal(model.domain('brussels').referenceYear, 2025);
    assert.ok(Math.abs(model.domain('brussels').resolutionM - 10) < 1e-9);
  });

  test('locates the Grand-Place in an outdoor cell and nothing outside the grid', () => {
    const loc = model.locate('brussels', GRAND_PLACE.lat, GRAND_PLACE.lon);
    assert.ok(loc);
    assert.equal(loc.isBuilding, false);
    const [lon, lat] = model.cellCentre('brussels', loc.cell);
    assert.ok(Math.abs(lon - GRAND_PLACE.lon) < 1e-4 && Math.abs(lat - GRAND_PLACE.lat) < 1e-4);
    assert.equal(model.locate('brussels', 51.2, 4.4), null);
  });

  test('answers a point inside a building with the nearest outdoor cells', async () => {
    const { domains } = await sharedEngine();
    const m = domains.get('brussels')!;
    const start = model.locate('brussels', 50.8455, 4.35)!.cell;
    let cell = start;
    while (m.rasters.surface[cell] !== SURFACE.building) cell++;
    const [lon, lat] = model.cellCentre('brussels', cell);
    assert.equal(model.locate('brussels', lat, lon)!.isBuilding, true);
    const nearest = model.nearestOutdoor('brussels', lat, lon)!;
    assert.ok(nearest.cells.length > 0 && nearest.distanceM >= 9);
    for (const c of nearest.cells) assert.notEqual(m.rasters.surface[c], SURFACE.building);
  });

  test('lists outdoor cells within a radius', () => {
    const cells = model.outdoorCellsWithin('brussels', GRAND_PLACE.lat, GRAND_PLACE.lon, 50);
    assert.ok(cells.length > 30 && cells.length < 90, `${cells.length} cells`);
    for (const c of cells) {
      const [lon, lat] = model.cellCentre('brussels', c);
      const d = Math.hypot((lon - GRAND_PLACE.lon) * 70_200, (lat - GRAND_PLACE.lat) * 111_195);
      assert.ok(d <= 50.5, `cell at ${d} m`);
      assert.equal(model.locate('brussels', lat, lon)!.isBuilding, false);
    }
  });

  test('returns closed building footprints with heights for a window', () => {
    const window = { west: 4.35, south: 50.845, east: 4.3555, north: 50.8485 };
    const footprints = model.buildings('brussels', window);
    assert.ok(footprints.length > 50);
    for (const f of footprints) {
      assert.equal(f.ring.length, 5);
      assert.deepEqual(f.ring[0], f.ring[4]);
      assert.ok(f.heightM > 0);
    }
    assert.deepEqual(model.buildings('belgium', window), []);
  });

  test('cuts a timed layer of a tile on a compute thread, byte for byte what its window encodes to', async () => {
    const grid = model.domain('brussels').grid;
    for (const layer of ['thermal', 'wind', 'air'] as const)
      for (const z of [10, 12, 15]) {
        const tile = tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, z);
        const bytes = await model.layerTile('brussels', layer, { hourMs: JULY_AFTERNOON }, tile);
        assert.ok(bytes !== null && bytes.length > 500, `${layer} z${z}: ${bytes?.length} bytes`);
        const cut = layerTileCut(grid, tile)!;
        const values = await model.layerWindow('brussels', layer, { hourMs: JULY_AFTERNOON }, cut.window);
        const expected = encodeLayerTile(layer, grid, cut, values, tile)!;
        assert.deepEqual(Buffer.from(bytes), Buffer.from(expected), `${layer} z${z}`);
      }
    // a tile that misses the grid has no bytes, not an empty tile
    assert.equal(
      await model.layerTile('brussels', 'thermal', { hourMs: JULY_AFTERNOON }, tileAt(5.5, 50.3, 14)),
      null,
    );
  });

  test('cuts the buildings layer of a tile on a compute thread, byte for byte what the footprints encode to', async () => {
    // the thread projects the rectangles directly; the reference is the generic path over rings
    const charleroi = model.domains().find((d) => d.id === 'charleroi')!.grid;
    const places = [
      { domain: 'brussels' as const, lon: GRAND_PLACE.lon, lat: GRAND_PLACE.lat },
      {
        domain: 'charleroi' as const,
        lon: charleroi.west + (charleroi.cols * charleroi.dLon) / 2,
        lat: charleroi.north - (charleroi.rows * charleroi.dLat) / 2,
      },
    ];
    for (const { domain, lon, lat } of places)
      for (const z of [13, 14, 15, 16]) {
        const tile = tileAt(lon, lat, z);
        const bytes = await model.buildingsTile(domain, tile);
        assert.ok(bytes !== null && bytes.length > 1000, `${domain} z${z}: ${bytes?.length} bytes`);
        const expected = encodeBuildingTile(model.buildings(domain, buildingTileWindow(tile)), tile)!;
        assert.deepEqual(Buffer.from(bytes), Buffer.from(expected), `${domain} z${z}`);
      }
    // the nationwide grid has no buildings: no tile, not an empty one
    assert.equal(await model.buildingsTile('belgium', tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 15)), null);
    await assert.rejects(
      model.buildingsTile('brussels', tileAt(GRAND_PLACE.lon, GRAND_PLACE.lat, 13), { deadlineMs: 0 }),
      ModelTimeoutError,
    );
  });
});

describe('embedded model: time', () => {
  test('observes completed hours and forecasts hourly for a day, then three-hourly to 48 h', () => {
    const now = Date.UTC(2025, 4, 2, 10, 37);
    const issued = model.latestObservedHour(now);
    assert.equal(issued, Date.UTC(2025, 4, 2, 9));
    const steps = model.forecastSteps(issued, 48);
    assert.equal(steps.length, 32);
    assert.equal(steps[0], issued + 3_600_000);
    assert.equal(steps[23], issued + 24 * 3_600_000);
    assert.equal(steps[24], issued + 27 * 3_600_000);
    assert.equal(steps.at(-1), issued + 48 * 3_600_000);
  });
});

describe('embedded model: series in workers', () => {
  test('computes a full reference year identical to an in-process computation', async () => {
    const { viaModel: viaWorker, inProcess } = await referenceYearBothWays(model, GRAND_PLACE);
    assert.equal(viaWorker.hours.length, 8760);
    for (const key of ['no2', 'pm25', 'pm10', 'o3', 'ucomfort', 'ugust', 'utci', 'tmrtC'] as const) {
      assert.ok(viaWorker[key].every(Number.isFinite), `${key} has no gaps`);
      assert.deepEqual(viaWorker[key], inProcess[key]);
    }
  });

  test('spreads the cells of a reference year over the workers and answers them in the order asked', async () => {
    const cells = model.outdoorCellsWithin('brussels', GRAND_PLACE.lat, GRAND_PLACE.lon, 20).slice(0, 3);
    assert.ok(cells.length >= 2, 'a few outdoor cells around the Grand-Place');
    const viaWorkers = await model.series('brussels', cells, { kind: 'reference' });
    const { engine } = await sharedEngine();
    const inProcess = engine.series('brussels', cells, { kind: 'reference' });
    assert.deepEqual(
      viaWorkers.map((series) => series.cell),
      cells,
    );
    viaWorkers.forEach((series, index) => {
      assert.deepEqual(series.utci, inProcess[index]!.utci, `cell ${series.cell}`);
      assert.deepEqual(series.no2, inProcess[index]!.no2, `cell ${series.cell}`);
    });
  });

  test('exercises its threads after a start (the kernel over a few cells of every domain), then answers as before', async () => {
    const cell = model.locate('brussels', GRAND_PLACE.lat, GRAND_PLACE.lon)!.cell;
    const [before] = await model.series('brussels', [cell], { kind: 'reference' });
    await model.exercise!();
    assert.equal(model.pendingTasks!(), 0);
    const [afterwards] = await model.series('brussels', [cell], { kind: 'reference' });
    assert.deepEqual(afterwards!.utci, before!.utci);
    assert.deepEqual(afterwards!.no2, before!.no2);
  });

  test('answers observed hours and forecast steps', async () => {
    const cell = model.locate('belgium', 51.2194, 4.4025)!.cell;
    const from = Date.UTC(2025, 9, 1, 0);
    const [observed] = await model.series('belgium', [cell], {
      kind: 'observed',
      fromMs: from,
      toMs: from + 23 * 3_600_000,
    });
    assert.equal(observed!.hours.length, 24);
    const [forecast] = await model.series('belgium', [cell], { kind: 'forecast', issuedMs: from });
    assert.deepEqual(Array.from(forecast!.hours), model.forecastSteps(from, 48));
    assert.notEqual(forecast!.airTempC[22], observed!.airTempC[23]);
  });

  test('leaves air as NaN where the city does not model it', async () => {
    const cell = model.locate('charleroi', 50.4111, 4.4441)!.cell;
    const [s] = await model.series('charleroi', [cell], {
      kind: 'observed',
      fromMs: JULY_AFTERNOON,
      toMs: JULY_AFTERNOON,
    });
    assert.ok(Number.isNaN(s!.no2[0]));
    assert.ok(Number.isFinite(s!.ucomfort[0]!) && Number.isFinite(s!.utci[0]!));
  });

  test('rejects past its deadline, keeps working, and hands the result to a later identical call', async () => {
    const cells = model.outdoorCellsWithin('brussels', 50.85, 4.36, 40);
    const span = { kind: 'reference' } as const;
    await assert.rejects(
      model.series('brussels', cells, span, { deadlineMs: 0, workKey: 'slow' }),
      ModelTimeoutError,
    );
    const finished = await model.series('brussels', cells, span, { workKey: 'slow' });
    const collected = await model.series('brussels', cells, span, { deadlineMs: 0, workKey: 'slow' });
    assert.strictEqual(collected, finished);
  });
});

describe('embedded model: map layers', () => {
  test('cuts a layer window with NaN in buildings and values outdoors', async () => {
    const window = { west: 4.35, south: 50.845, east: 4.3555, north: 50.8485 };
    for (const layer of ['thermal', 'wind', 'air'] as const) {
      const w = await model.layerWindow('brussels', layer, { hourMs: JULY_AFTERNOON }, window);
      assert.deepEqual(Object.keys(w.fields), [...LAYER_FIELDS[layer]]);
      assert.ok(w.cols >= 38 && w.rows >= 38);
      const first = Object.values(w.fields)[0]!;
      assert.equal(first.length, w.cols * w.rows);
      const finite = first.filter(Number.isFinite).length;
      assert.ok(
        finite > 0.3 * first.length && finite < first.length,
        `${layer}: ${finite} of ${first.length}`,
      );
    }
  });

  test('gives each hour the ranges of the layers asked together, as an in-process engine does', async () => {
    const hours = [{ hourMs: JULY_AFTERNOON }, { hourMs: JULY_AFTERNOON + 12 * 3_600_000 }];
    const ranges = await model.layerRanges('charleroi', ['thermal', 'wind', 'air'], hours);
    assert.equal(ranges.length, 2);
    assert.deepEqual(Object.keys(ranges[0]!), ['thermal', 'wind', 'air']);
    const [afternoon, night] = ranges.map((r) => r.thermal!);
    assert.ok(afternoon!.min < afternoon!.max);
    assert.ok(afternoon!.max > night!.max, 'the afternoon is hotter than the night');
    const { engine } = await sharedEngine();
    assert.deepEqual(ranges, engine.layerRanges('charleroi', ['thermal', 'wind', 'air'], hours));
  });
});
