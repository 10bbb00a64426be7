import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type DomainId,
  LAYER_FIELDS,
  type LayerRange,
  type TimedLayer,
} from '../../../../src/domain/grid/model-data.ts';
import { liveInputsFrom } from '../../../../src/domain/live/live-inputs.ts';
import type { Reading } from '../../../../src/domain/live/readings.ts';
import { ModelEngine } from '../../../../src/model/embedded/compute/engine.ts';
import type { HourSpec } from '../../../../src/model/embedded/compute/hour-tables.ts';
import { SURFACE } from '../../../../src/model/embedded/morphology/layout.ts';
import { MODEL_SEED } from '../../../../src/model/embedded/version.ts';
import { sharedDomains } from '../../../helpers/shared-domains.ts';

/**
 * The map catalog's ranges (issue #33, first catalog after a fresh start): an hour's
 * three layers come from one pass over the cells, which must give exactly the numbers
 * of each layer computed alone — here the layer's whole-grid window, cell by cell with
 * only that layer's kernel work, as a tile gets it.
 */
const HOUR = 3_600_000;
const LAYERS: TimedLayer[] = ['thermal', 'wind', 'air'];
const ISSUED = Date.UTC(2026, 6, 15, 13);
const HOURS: HourSpec[] = [
  { hourMs: ISSUED },
  { hourMs: Date.UTC(2026, 0, 20, 3) },
  { hourMs: ISSUED + 5 * HOUR, issuedMs: ISSUED },
  { hourMs: ISSUED + 30 * HOUR, issuedMs: ISSUED },
];

/** a layer's range computed alone: min and max of its first field over the outdoor cells */
function rangeAlone(engine: ModelEngine, id: DomainId, layer: TimedLayer, hour: HourSpec): LayerRange {
  const m = engine.morphology(id);
  const g = m.info.grid;
  const window = {
    west: g.west,
    east: g.west + g.cols * g.dLon,
    north: g.north,
    south: g.north - g.rows * g.dLat,
  };
  const w = engine.layerWindow(id, layer, hour, window);
  assert.deepEqual([w.col0, w.row0, w.cols, w.rows], [0, 0, g.cols, g.rows], 'the window is the whole grid');
  const values = w.fields[LAYER_FIELDS[layer][0]!]!;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  values.forEach((v, cell) => {
    if (m.rasters.surface[cell] === SURFACE.building) return;
    if (v < min) min = v;
    if (v > max) max = v;
  });
  return Number.isFinite(min) ? { min, max } : { min: Number.NaN, max: Number.NaN };
}

/** fed weather and two NO2 stations: live hours carry a station correction of the air */
function liveInputs() {
  const readings: Reading[] = [];
  for (let h = -30; h <= 48; h++) {
    const hourMs = ISSUED + h * HOUR;
    readings.push({
      feed: 'open-meteo',
      site: 'c',
      lat: 50.8467,
      lon: 4.3525,
      quantity: 'ta_c',
      hourMs,
      value: 25 + (h % 5),
    });
    if (h <= 1)
      for (const [site, lat, lon] of [
        ['41R001', 50.8566, 4.3237],
        ['41R012', 50.7967, 4.3586],
      ] as const)
        readings.push({ feed: 'ircel-celine', site, lat, lon, quantity: 'no2', hourMs, value: 40 + h });
  }
  return liveInputsFrom(readings);
}

async function assertOnePassIsEachLayerAlone(
  engine: ModelEngine,
  id: DomainId,
  hours: readonly HourSpec[] = HOURS,
): Promise<void> {
  const together = engine.layerRanges(id, LAYERS, hours);
  assert.equal(together.length, hours.length);
  together.forEach((ranges, i) => {
    assert.deepEqual(Object.keys(ranges), LAYERS);
    for (const layer of LAYERS) {
      // strict: the same numbers to the bit (NaN for an hour without data)
      assert.deepEqual(ranges[layer], rangeAlone(engine, id, layer, hours[i]!), `${id} ${layer} hour ${i}`);
      assert.ok(Number.isFinite(ranges[layer]!.min), `${id} ${layer} hour ${i} has data`);
    }
  });
}

test('one pass per hour gives each layer the range it has alone, in Brussels and Charleroi', async () => {
  const engine = new ModelEngine(await sharedDomains(), MODEL_SEED);
  await assertOnePassIsEachLayerAlone(engine, 'brussels');
  await assertOnePassIsEachLayerAlone(engine, 'charleroi');
});

test('with live inputs (fed weather, a station correction of the air) too', async () => {
  const engine = new ModelEngine(await sharedDomains(), MODEL_SEED);
  engine.setLive(liveInputs());
  // the observed hour and a forecast step of the fed run
  await assertOnePassIsEachLayerAlone(engine, 'brussels', [HOURS[0]!, HOURS[2]!]);
});

test('asking fewer layers gives those alone, with the numbers the three together give', async () => {
  const engine = new ModelEngine(await sharedDomains(), MODEL_SEED);
  const together = engine.layerRanges('brussels', LAYERS, HOURS.slice(0, 2));
  const wind = engine.layerRanges('brussels', ['wind'], HOURS.slice(0, 2));
  assert.deepEqual(
    wind,
    together.map((r) => ({ wind: r.wind })),
  );
});
