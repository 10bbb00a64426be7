import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMemoryCache } from '../../../src/adapters/cache/memory.ts';
import { ApiError } from '../../../src/domain/errors/catalogue.ts';
import { verifyQuery } from '../../../src/domain/map/url-signing.ts';
import { createCatalogService } from '../../../src/services/map/catalog-service.ts';
import { createTileSigner } from '../../../src/services/map/tile-signer.ts';
import { embeddedCities } from '../../helpers/embedded-cities.ts';
import { GridModel } from '../../helpers/grid-model.ts';

const SECRET = Buffer.from('s'.repeat(32));
const NOW = Date.UTC(2026, 5, 1, 10, 20);
const HOUR = 3_600_000;
const ALL = { id: 'key-1', metrics: ['*'], horizons: ['*'] };

function setup() {
  const model = new GridModel();
  let clock = NOW;
  const service = createCatalogService({
    cities: embeddedCities,
    model,
    signer: createTileSigner([SECRET]),
    now: () => clock,
  });
  return { model, service, advance: (ms: number) => (clock += ms) };
}

test('the catalog carries every meta field, buildings, the latest observed hour and forecast steps in time order', async () => {
  const { service } = setup();
  const { body, cache } = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(cache, 'miss');
  assert.deepEqual(body.city, { id: 'brussels', name: 'Brussels', country: 'BE' });
  assert.equal(body.meta.crs, 'EPSG:3857');
  assert.equal(body.meta.tile_format, 'mvt');
  assert.equal(body.meta.resolution_m, 10);
  assert.equal(body.meta.generated_utc, new Date(NOW).toISOString());
  assert.equal(body.meta.catalog_ttl_s, 60);
  assert.equal(body.meta.url_expires_utc, new Date(Date.UTC(2026, 5, 1, 13)).toISOString());
  assert.match(
    body.static.buildings!.tilejson,
    /^\/v1\/map\/brussels\/tiles\/buildings\.json\?key=key-1&exp=\d+&sig=/,
  );
  const latest = Date.UTC(2026, 5, 1, 9);
  assert.equal(body.realtime?.timestamp_ms, latest);
  assert.equal(body.realtime?.timestamp, new Date(latest).toISOString());
  assert.deepEqual(Object.keys(body.realtime!.layers), ['thermal', 'wind', 'air']);
  assert.match(
    body.realtime!.layers.thermal!.tilejson,
    new RegExp(`^/v1/map/brussels/tiles/thermal/${latest}\\.json\\?`),
  );
  const times = body.forecast.map((s) => s.timestamp_ms);
  assert.ok(times.length > 24);
  assert.deepEqual(
    [...times].sort((a, b) => a - b),
    times,
  );
  assert.ok(times[0]! > latest && times.at(-1)! <= latest + 48 * HOUR);
  assert.match(
    body.forecast[0]!.layers.wind!.tilejson,
    new RegExp(`/forecast/wind/${times[0]}\\.json\\?key=key-1&exp=\\d+&issued=${latest}&sig=`),
  );
});

test('a forecast step without data for a layer leaves that layer key out', async () => {
  const { service } = setup();
  const { body } = await service.getCatalog({ city: 'brussels', key: ALL });
  const late = body.forecast.filter((s) => s.timestamp_ms - body.realtime!.timestamp_ms > 24 * HOUR);
  assert.ok(late.length > 0);
  for (const s of late) assert.deepEqual(Object.keys(s.layers), ['thermal', 'wind']);
  assert.ok('air' in body.forecast[0]!.layers);
});

test('range gives min and max per layer per hour, thermal included', async () => {
  const { service } = setup();
  const { body } = await service.getCatalog({ city: 'brussels', key: ALL });
  const rt = String(body.realtime!.timestamp_ms);
  const r = body.range?.thermal?.[rt];
  assert.ok(r && r.min < r.max, JSON.stringify(r));
  for (const s of body.forecast)
    assert.ok(body.range!.thermal![String(s.timestamp_ms)], `range at ${s.timestamp}`);
});

test('signed links verify for the key that asked, and the same hour signs identically', async () => {
  const { service, advance } = setup();
  const first = (await service.getCatalog({ city: 'brussels', key: ALL })).body;
  const url = new URL(first.realtime!.layers.thermal!.tilejson, 'http://x');
  const q = Object.fromEntries(url.searchParams);
  const scope = {
    city: 'brussels',
    layer: 'thermal',
    horizon: 'realtime' as const,
    stepMs: first.realtime!.timestamp_ms,
  };
  assert.deepEqual(verifyQuery([SECRET], scope, q, NOW), {
    ok: true,
    keyId: 'key-1',
    expS: Number(q.exp),
    issuedMs: undefined,
  });
  advance(30_000);
  const second = (await service.getCatalog({ city: 'brussels', key: ALL })).body;
  assert.equal(second.realtime!.layers.thermal!.tilejson, first.realtime!.layers.thermal!.tilejson);
});

test('horizon scope: no realtime block without realtime, an empty forecast without forecast', async () => {
  const { service } = setup();
  const fc = (await service.getCatalog({ city: 'brussels', key: { ...ALL, horizons: ['forecast'] } })).body;
  assert.equal('realtime' in fc, false);
  assert.ok(fc.forecast.length > 0);
  const rt = (await service.getCatalog({ city: 'brussels', key: { ...ALL, horizons: ['realtime'] } })).body;
  assert.ok(rt.realtime);
  assert.deepEqual(rt.forecast, []);
});

test('metric scope gates layers and their ranges but never buildings', async () => {
  const { service } = setup();
  const wind = (await service.getCatalog({ city: 'brussels', key: { ...ALL, metrics: ['wind'] } })).body;
  assert.deepEqual(Object.keys(wind.realtime!.layers), ['wind']);
  assert.deepEqual(Object.keys(wind.range ?? {}), ['wind']);
  assert.ok(wind.static.buildings);
  const none = (await service.getCatalog({ city: 'brussels', key: { ...ALL, metrics: [] } })).body;
  assert.deepEqual(none.realtime!.layers, {});
  assert.equal(none.range, undefined);
  assert.ok(none.static.buildings);
});

test('a city without real-time has only forecast steps, and only its own layers', async () => {
  const { service } = setup();
  const { body } = await service.getCatalog({ city: 'charleroi', key: ALL });
  assert.equal(body.realtime, undefined);
  assert.deepEqual(Object.keys(body.forecast[0]!.layers), ['thermal', 'wind']);
});

test('cached for 60 s: a hit within, a new assembly after', async () => {
  const { service, model, advance } = setup();
  await service.getCatalog({ city: 'brussels', key: ALL });
  const calls = model.calls.layerRanges;
  advance(59_000);
  assert.equal((await service.getCatalog({ city: 'brussels', key: ALL })).cache, 'hit');
  assert.equal(model.calls.layerRanges, calls);
  advance(2_000);
  const again = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(again.cache, 'miss');
  assert.equal(again.body.meta.generated_utc, new Date(NOW + 61_000).toISOString());
  // ranges of hours already computed are remembered, not asked of the model again
  assert.equal(model.calls.layerRanges, calls);
});

test('warm() computes the ranges ahead, so the first catalog asks the model for none', async () => {
  const { service, model } = setup();
  service.warm();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const calls = model.calls.layerRanges;
  assert.ok(calls > 0);
  const { body } = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(model.calls.layerRanges, calls);
  assert.ok(body.range?.thermal?.[String(body.realtime!.timestamp_ms)]);
});

test('warm() asks the model once per city, for all its ranged layers of every step together', async () => {
  const { service, model } = setup();
  const asked: Array<{ domain: string; layers: string[]; steps: number }> = [];
  const ranges = model.layerRanges.bind(model);
  model.layerRanges = async (domain, layers, hours) => {
    asked.push({ domain, layers: [...layers], steps: hours.length });
    return ranges(domain, layers, hours);
  };
  await service.warm();
  const brussels = asked.filter((a) => a.domain === 'brussels');
  assert.equal(brussels.length, 1, 'one call for Brussels');
  assert.deepEqual(brussels[0]!.layers, ['thermal', 'wind', 'air']);
  const { body } = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(brussels[0]!.steps, 1 + body.forecast.length, 'the real-time step and every forecast step');
  assert.equal(asked.filter((a) => a.domain === 'brussels').length, 1, 'the catalog asked for nothing more');
  for (const layer of ['thermal', 'wind'] as const)
    assert.ok(body.range?.[layer]?.[String(body.realtime!.timestamp_ms)], `${layer} range published`);
});

test('warm() settles once the ranges are known; with a durable cache a restarted service asks the model for none', async () => {
  const durable = createMemoryCache({ clock: () => NOW });
  const first = new GridModel();
  const before = createCatalogService({
    cities: embeddedCities,
    model: first,
    signer: createTileSigner([SECRET]),
    now: () => NOW,
    durable,
  });
  await before.warm();
  assert.ok(first.calls.layerRanges > 0, 'the first start computes the ranges');
  const original = (await before.getCatalog({ city: 'brussels', key: ALL })).body;

  const restarted = new GridModel();
  const after = createCatalogService({
    cities: embeddedCities,
    model: restarted,
    signer: createTileSigner([SECRET]),
    now: () => NOW,
    durable,
  });
  await after.warm();
  const { body } = await after.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(restarted.calls.layerRanges, 0, 'every range came from the durable cache');
  // hours without data (NaN ranges) come back as such: the same layers and ranges are published
  assert.deepEqual(body.range, original.range);
  assert.deepEqual(
    body.forecast.map((step) => Object.keys(step.layers)),
    original.forecast.map((step) => Object.keys(step.layers)),
  );
});

test('a catalog does not wait past its budget for ranges the model is slow to give', async () => {
  // the model gives no range until the catalog has answered (or, were the catalog to wait for
  // it, after a minute, and that catalog would carry ranges): an order, not a stopwatch
  const model = new GridModel();
  const slow = model.layerRanges.bind(model);
  let release = () => {};
  const given = new Promise<void>((resolve) => {
    const guard = setTimeout(resolve, 60_000);
    release = () => {
      clearTimeout(guard);
      resolve();
    };
  });
  let asked = 0;
  model.layerRanges = async (...args) => {
    asked++;
    await given;
    return slow(...args);
  };
  const service = createCatalogService({
    cities: embeddedCities,
    model,
    signer: createTileSigner([SECRET]),
    now: () => NOW,
    rangeWaitMs: 20,
  });
  try {
    const { body } = await service.getCatalog({ city: 'brussels', key: ALL });
    assert.ok(asked > 0, 'the ranges were asked for');
    assert.equal(body.range, undefined, 'no range published before it is known');
    assert.deepEqual(Object.keys(body.realtime!.layers), ['thermal', 'wind', 'air']);
  } finally {
    release();
  }
});

test('with the model down, the last good catalog answers stale with freshly signed URLs', async () => {
  const { service, model, advance } = setup();
  const good = (await service.getCatalog({ city: 'brussels', key: ALL })).body;
  model.available = false;
  advance(HOUR);
  const { body, cache } = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(cache, 'stale');
  assert.equal(body.meta.generated_utc, good.meta.generated_utc);
  assert.equal(body.meta.url_expires_utc, new Date(Date.UTC(2026, 5, 1, 14)).toISOString());
  assert.notEqual(body.realtime!.layers.thermal!.tilejson, good.realtime!.layers.thermal!.tilejson);
});

test('with the model down and nothing cached: 503 upstream_unavailable; an unknown city: 404', async () => {
  const { service, model } = setup();
  model.available = false;
  await assert.rejects(service.getCatalog({ city: 'brussels', key: ALL }), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.code, 'upstream_unavailable');
    assert.equal(err.status, 503);
    return true;
  });
  await assert.rejects(service.getCatalog({ city: 'atlantis', key: ALL }), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.code, 'not_found');
    return true;
  });
});

test('a key signs its catalog once per skeleton and expiry: the same body again, a new one for another key, scope, hour or skeleton', async () => {
  const model = new GridModel();
  let clock = NOW;
  const signer = createTileSigner([SECRET]);
  let signatures = 0;
  const counting = {
    ...signer,
    sign: (...args: Parameters<typeof signer.sign>) => {
      signatures++;
      return signer.sign(...args);
    },
  };
  const service = createCatalogService({ cities: embeddedCities, model, signer: counting, now: () => clock });
  const first = await service.getCatalog({ city: 'brussels', key: ALL });
  const signedOnce = signatures;
  assert.ok(signedOnce > 10);
  // the route builds a new key object per request from the same key record
  const again = await service.getCatalog({ city: 'brussels', key: { ...ALL } });
  assert.equal(again.body, first.body, 'the same body for the same key');
  assert.equal(signatures, signedOnce, 'nothing signed again');
  // within the skeleton's 60 s the expiry still rounds to the same hour: same body
  clock += 30_000;
  assert.equal(
    (await service.getCatalog({ city: 'brussels', key: ALL })).body,
    first.body,
    'same body 30 s later',
  );

  const other = await service.getCatalog({ city: 'brussels', key: { ...ALL, id: 'key-2' } });
  assert.notEqual(other.body, first.body);
  assert.match(other.body.static.buildings!.tilejson, /key=key-2&/);

  // the same key reloaded with a narrower scope
  const narrower = await service.getCatalog({ city: 'brussels', key: { ...ALL, metrics: ['air'] } });
  assert.notEqual(narrower.body, first.body);
  assert.deepEqual(Object.keys(narrower.body.realtime!.layers), ['air']);

  // a new skeleton after 60 s: signed afresh, and it says so in generated_utc
  clock += 31_000;
  const later = await service.getCatalog({ city: 'brussels', key: ALL });
  assert.equal(later.cache, 'miss');
  assert.notEqual(later.body, first.body);
  assert.notEqual(later.body.meta.generated_utc, first.body.meta.generated_utc);
});
