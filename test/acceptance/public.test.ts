import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type CreatedKey,
  expectProblem,
  GRAND_PLACE,
  insideRing,
  json,
  requestIdOf,
  SCALE_IDS,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/** Public endpoints: /health, /cities, /cities/{city}, /scales, /scales/{scale}. */

const PRODUCTS = ['geocode', 'historical', 'realtime', 'forecast', 'reports', 'map'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let server: Server;
let charleroiKey: CreatedKey;

before(async () => {
  server = await startServer();
  charleroiKey = await server.createKey(['--cities', 'charleroi']);
});
after(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;

function assertCityEntry(city: Json, keyed: boolean): void {
  assert.match(String(city.id), /^[a-z][a-z0-9-]*$/);
  assert.equal(typeof city.name, 'string');
  assert.match(String(city.country), /^[A-Z]{2}$/);
  assert.equal(typeof city.timezone, 'string');
  const bbox = city.bbox as number[];
  assert.equal(bbox.length, 4);
  for (const n of bbox) assert.equal(typeof n, 'number');
  assert.ok(bbox[0]! < bbox[2]! && bbox[1]! < bbox[3]!, 'bbox is [west, south, east, north]');
  if (city.metrics !== undefined) {
    for (const m of city.metrics as string[]) assert.ok(['air', 'wind', 'thermal', 'noise'].includes(m));
  }
  const products = city.products as Record<string, unknown>;
  assert.deepEqual(Object.keys(products).sort(), [...PRODUCTS].sort());
  for (const p of PRODUCTS) assert.equal(typeof products[p], 'boolean');
  if (products.map) {
    const map = city.map as Json;
    assert.ok(map, 'map present when products.map is true');
    for (const l of map.layers as string[]) assert.ok(['thermal', 'wind', 'air', 'buildings'].includes(l));
    assert.equal(map.cadence, 'hourly');
    if (map.resolution_m !== undefined) assert.equal(typeof map.resolution_m, 'number');
    if (map.forecast_hours !== undefined) assert.ok(Number.isInteger(map.forecast_hours));
  } else assert.equal(city.map, undefined);
  if (keyed) assert.equal(typeof city.authorized, 'boolean');
  else assert.equal('authorized' in city, false, 'no authorized without a key');
}

function assertRingFeature(feature: Json, bbox: number[]): number[][] {
  assert.equal(feature.type, 'Feature');
  assert.equal(typeof feature.properties, 'object');
  assert.notEqual(feature.properties, null);
  assert.ok(!Array.isArray(feature.properties));
  const geometry = feature.geometry as Json;
  assert.equal(geometry.type, 'Polygon');
  const rings = geometry.coordinates as number[][][];
  assert.equal(rings.length, 1, 'one linear ring');
  const ring = rings[0]!;
  assert.ok(ring.length >= 4, 'a closed ring has at least 4 positions');
  assert.deepEqual(ring[0], ring[ring.length - 1], 'first position repeated as last');
  for (const position of ring) {
    assert.equal(position.length, 2);
    const [lon, lat] = position as [number, number];
    // longitude first: Belgian longitudes (2.5 to 6.5) are smaller than its latitudes (49.5 to 51.5)
    assert.ok(lon >= bbox[0]! - 1e-9 && lon <= bbox[2]! + 1e-9, `lon ${lon} within bbox`);
    assert.ok(lat >= bbox[1]! - 1e-9 && lat <= bbox[3]! + 1e-9, `lat ${lat} within bbox`);
  }
  return ring;
}

describe('GET /health', () => {
  test('answers the health object with no-key, no rate-limit headers', async () => {
    const response = await server.fetch('/health', {
      headers: { Authorization: `Bearer ${charleroiKey.key}` },
    });
    assert.equal(response.status, 200);
    requestIdOf(response);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.headers.get('x-ratelimit-limit'), null, '/health is not rate limited');
    const body = await json(response);
    assert.equal(body.service, 'svc-api');
    assert.equal(body.status, 'ok');
    assert.equal(typeof body.version, 'string');
    assert.match(String(body.time), ISO_UTC);
    assert.ok(Math.abs(Date.parse(String(body.time)) - Date.now()) < 60_000, 'time is the current time');
  });

  test('HEAD /health answers 200 with a request id and no body', async () => {
    const response = await server.fetch('/health', { method: 'HEAD' });
    assert.equal(response.status, 200);
    requestIdOf(response);
    assert.equal(await response.text(), '');
  });
});

describe('GET /cities', () => {
  test('without a key: every city entry, public caching, no authorized', async () => {
    const response = await server.fetch('/cities');
    assert.equal(response.status, 200);
    requestIdOf(response);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
    assert.doesNotMatch(response.headers.get('vary') ?? '', /authorization/i);
    assert.equal(response.headers.get('x-ratelimit-limit'), null, 'no key: not rate limited');
    const body = await json(response);
    assert.match(String(body.generated_utc), ISO_UTC);
    const cities = body.cities as Json[];
    assert.ok(cities.length >= 2, 'Brussels and at least one more city');
    for (const city of cities) assertCityEntry(city, false);
    const brussels = cities.find((c) => c.id === 'brussels')!;
    assert.ok(brussels, 'brussels is covered');
    for (const p of PRODUCTS) assert.equal((brussels.products as Json)[p], true, `brussels has ${p}`);
    assert.deepEqual([...(brussels.metrics as string[])].sort(), ['air', 'thermal', 'wind']);
    const other = cities.find(
      (c) =>
        c.id !== 'brussels' &&
        (PRODUCTS.some((p) => !(c.products as Json)[p]) || (c.metrics as string[]).length < 3),
    );
    assert.ok(other, 'another city with different products or metrics (per-city gating)');
  });

  test('with a key: private caching, Vary on both key headers, authorized per city scope, rate limited', async () => {
    const response = await server.fetch('/cities', { headers: { 'X-API-Key': charleroiKey.key } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, max-age=3600');
    const vary = (response.headers.get('vary') ?? '').toLowerCase();
    assert.match(vary, /authorization/);
    assert.match(vary, /x-api-key/);
    assert.equal(response.headers.get('x-ratelimit-limit'), String(charleroiKey.limits.rate_per_min));
    const cities = (await json(response)).cities as Json[];
    for (const city of cities) assertCityEntry(city, true);
    assert.equal(cities.find((c) => c.id === 'brussels')!.authorized, false);
    assert.equal(cities.find((c) => c.id === 'charleroi')!.authorized, true);
  });

  test('?product= returns only the cities offering it', async () => {
    for (const product of PRODUCTS) {
      const response = await server.fetch(`/cities?product=${product}`);
      assert.equal(response.status, 200);
      const cities = (await json(response)).cities as Json[];
      for (const city of cities)
        assert.equal((city.products as Json)[product], true, `${city.id} ${product}`);
    }
    const all = (await json(await server.fetch('/cities'))).cities as Json[];
    const realtime = (await json(await server.fetch('/cities?product=realtime'))).cities as Json[];
    assert.equal(
      realtime.length,
      all.filter((c) => (c.products as Json).realtime).length,
      'every city with the product is listed',
    );
  });

  test('an invalid product is 400 validation_error', async () => {
    await expectProblem(
      await server.fetch('/cities?product=weather'),
      400,
      'validation_error',
      server.docsUrl,
    );
  });
});

describe('GET /cities/{city}', () => {
  test('brussels: detail with reference_year, attribution, boundary and planned_boundary as GeoJSON', async () => {
    const response = await server.fetch('/cities/brussels');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
    const city = await json(response);
    assertCityEntry(city, false);
    assert.ok(Number.isInteger(city.reference_year));
    assert.equal(typeof city.attribution, 'string');
    // real open data since issue #33, credited; the numbers are still the model's
    assert.match(String(city.attribution), /© OpenStreetMap contributors/);
    assert.match(String(city.attribution), /Uccle TMYx 2007–2021/);
    assert.match(String(city.attribution), /not measurements/);
    const bbox = city.bbox as number[];
    const ring = assertRingFeature(city.boundary as Json, bbox);
    assert.ok(insideRing(ring, GRAND_PLACE.lon, GRAND_PLACE.lat), 'the boundary contains the Grand-Place');
    const planned = assertRingFeature(city.planned_boundary as Json, bbox);
    assert.ok(insideRing(planned, GRAND_PLACE.lon, GRAND_PLACE.lat), 'the Capital Region contains it too');
  });

  test('a city without an announced expansion omits planned_boundary', async () => {
    const cities = (await json(await server.fetch('/cities'))).cities as Json[];
    let omitted = 0;
    for (const entry of cities.filter((c) => c.id !== 'brussels')) {
      const city = await json(await server.fetch(`/cities/${entry.id}`));
      assertRingFeature(city.boundary as Json, city.bbox as number[]);
      if (!('planned_boundary' in city)) omitted++;
      else assertRingFeature(city.planned_boundary as Json, city.bbox as number[]);
    }
    assert.ok(omitted >= 1, 'at least one city omits planned_boundary');
  });

  test('with a key: authorized and private caching', async () => {
    const response = await server.fetch('/cities/brussels', {
      headers: { Authorization: `Bearer ${charleroiKey.key}` },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'private, max-age=3600');
    assert.match(
      (response.headers.get('vary') ?? '').toLowerCase(),
      /authorization.*x-api-key|x-api-key.*authorization/,
    );
    assert.equal((await json(response)).authorized, false);
    const own = await json(
      await server.fetch('/cities/charleroi', { headers: { Authorization: `Bearer ${charleroiKey.key}` } }),
    );
    assert.equal(own.authorized, true);
  });

  test('an unknown city is 404 not_found (also uppercase and odd ids)', async () => {
    for (const id of [
      'atlantis',
      'Brussels',
      'BRUSSELS',
      '%C3%A9',
      '-x',
      'a'.repeat(150),
      'b'.repeat(5000),
    ]) {
      await expectProblem(await server.fetch(`/cities/${id}`), 404, 'not_found', server.docsUrl);
    }
  });
});

describe('GET /scales', () => {
  test('views and scale summaries, public caching with an ETag', async () => {
    const response = await server.fetch('/scales');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
    assert.ok(response.headers.get('etag'), 'ETag present');
    const body = await json(response);
    const views = body.views as Json[];
    const scales = body.scales as Json[];
    assert.deepEqual(scales.map((s) => s.id).sort(), [...SCALE_IDS].sort());
    for (const s of scales) {
      for (const f of ['id', 'metric', 'view', 'name', 'kind'])
        assert.equal(typeof s[f], 'string', `${s.id}.${f}`);
      assert.ok(['classes', 'gradient'].includes(String(s.kind)));
    }
    const expected: Record<string, string[]> = {
      wind: ['comfort-danger', 'mean', 'gust'],
      air: ['index', 'no2', 'pm25', 'pm10'],
      thermal: ['utci', 'utci-temp'],
    };
    const defaults: Record<string, string> = { wind: 'comfort-danger', air: 'index', thermal: 'utci' };
    for (const [metric, ids] of Object.entries(expected)) {
      const mine = views.filter((v) => v.metric === metric);
      for (const id of ids)
        assert.ok(
          mine.some((v) => v.id === id),
          `${metric} view ${id}`,
        );
      const flagged = mine.filter((v) => v.default === true);
      assert.deepEqual(
        flagged.map((v) => v.id),
        [defaults[metric]],
        `${metric} default view`,
      );
    }
    for (const v of views) {
      assert.equal(typeof v.name, 'string');
      assert.ok(Array.isArray(v.fields) && (v.fields as unknown[]).length > 0);
      const ids = v.scales as string[];
      assert.ok(ids.length > 0);
      for (const id of ids) assert.ok(SCALE_IDS.includes(id), `${v.id} names a valid scale ${id}`);
      assert.ok(ids.includes(String(v.default_scale)), `${v.id} default_scale is one of its scales`);
      if (v.field_labels)
        for (const f of v.fields as string[]) assert.equal(typeof (v.field_labels as Json)[f], 'string');
      if ('default' in v) assert.equal(v.default, true);
    }
    const magma = views.find((v) => v.id === 'utci-temp')!;
    assert.equal(magma.default_scale, 'thermal-magma');
  });

  test('a revalidation with the ETag answers 304 with no body', async () => {
    const first = await server.fetch('/scales');
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const second = await server.fetch('/scales', { headers: { 'If-None-Match': etag } });
    assert.equal(second.status, 304);
    requestIdOf(second);
    assert.equal(await second.text(), '');
    const other = await server.fetch('/scales', { headers: { 'If-None-Match': '"something-else"' } });
    assert.equal(other.status, 200);
    await other.arrayBuffer();
  });

  test('?metric filters views and scales; an invalid metric is 400', async () => {
    for (const metric of ['air', 'wind', 'thermal']) {
      const body = await json(await server.fetch(`/scales?metric=${metric}`));
      assert.ok((body.views as Json[]).length > 0);
      for (const v of body.views as Json[]) assert.equal(v.metric, metric);
      for (const s of body.scales as Json[]) assert.equal(s.metric, metric);
    }
    for (const bad of ['noise', 'AIR', '', 'air,wind']) {
      await expectProblem(
        await server.fetch(`/scales?metric=${bad}`),
        400,
        'validation_error',
        server.docsUrl,
      );
    }
  });

  test('stays publicly cacheable when a key is sent', async () => {
    const response = await server.fetch('/scales', { headers: { 'X-API-Key': charleroiKey.key } });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
    assert.ok(response.headers.get('etag'));
  });
});

describe('GET /scales/{scale}', () => {
  test('every scale id answers the full scale', async () => {
    for (const id of SCALE_IDS) {
      const response = await server.fetch(`/scales/${id}`);
      assert.equal(response.status, 200, id);
      const scale = await json(response);
      assert.equal(scale.id, id);
      assert.equal(typeof scale.description, 'string');
      assert.ok(['classes', 'gradient'].includes(String(scale.kind)));
      assert.ok(Array.isArray(scale.fields) && (scale.fields as unknown[]).length > 0);
      const classes = scale.classes as Json[];
      assert.ok(classes.length > 0);
      for (const c of classes) {
        assert.equal(typeof c.value, 'number');
        assert.equal(typeof c.label, 'string');
        assert.match(String(c.color), /^#[0-9a-fA-F]{3,8}$/);
        // an index scale (thresholds) classifies by its thresholds; every other class has bounds
        if (!scale.thresholds || c.bounds !== undefined) {
          const bounds = c.bounds as Json;
          assert.equal(typeof bounds.from, 'number', `${id} class ${c.value} bounds.from`);
          assert.ok(bounds.to === null || typeof bounds.to === 'number');
        }
      }
      if (scale.kind !== 'gradient')
        assert.equal(scale.interpolate, undefined, `${id}: interpolate only on gradients`);
    }
  });

  test('wind-comfort-standard carries the published classes and colours', async () => {
    const scale = await json(await server.fetch('/scales/wind-comfort-standard'));
    assert.deepEqual(scale.fields, ['Ucomfort', 'Ugust']);
    assert.equal(scale.no_data_color, '#aaa4a4');
    const classes = scale.classes as Json[];
    assert.deepEqual(
      classes.map((c) => c.value),
      [1, 2, 3, 4, 5],
    );
    const byValue = (v: number) => classes.find((c) => c.value === v)!;
    assert.equal(byValue(1).label, 'Calm');
    assert.equal(byValue(1).color, '#0000FF');
    assert.equal(byValue(4).label, 'Very windy');
    assert.equal(byValue(4).color, '#ff8000');
    assert.equal(byValue(5).label, 'Danger');
    assert.equal(byValue(5).color, '#BF0000');
    assert.equal((byValue(5).bounds as Json).to, null, 'open-ended last class');
    for (const c of classes) {
      const when = c.when as Json;
      assert.ok(when, `class ${c.value} has when`);
      assert.equal(Object.keys(when).length, 1);
      const tests = (when.all ?? when.any) as Json[];
      assert.ok(Array.isArray(tests) && tests.length > 0);
    }
    assert.deepEqual(byValue(1).when, {
      all: [
        { field: 'Ucomfort', lt: 4 },
        { field: 'Ugust', lt: 10 },
      ],
    });
    assert.deepEqual(byValue(5).when, {
      any: [
        { field: 'Ucomfort', gt: 15 },
        { field: 'Ugust', gt: 15 },
      ],
    });
  });

  test('the rainbow gradients interpolate between stops at 0, 4, 6, 8 and 15 m/s', async () => {
    for (const id of ['wind-mean-rainbow', 'wind-gust-rainbow']) {
      const scale = await json(await server.fetch(`/scales/${id}`));
      assert.equal(scale.kind, 'gradient');
      assert.equal(scale.interpolate, true);
      assert.deepEqual(
        (scale.classes as Json[]).map((c) => (c.bounds as Json).from),
        [0, 4, 6, 8, 15],
      );
    }
  });

  test('air-belaqi: ten classes, thresholds per pollutant, no unit', async () => {
    const scale = await json(await server.fetch('/scales/air-belaqi'));
    assert.deepEqual(scale.fields, ['C', 'C_PM25', 'C_PM10']);
    assert.equal(scale.unit, undefined, 'index scales have no unit');
    assert.equal(scale.no_data_color, '#aaa4a4');
    const classes = scale.classes as Json[];
    assert.equal(classes.length, 10);
    assert.deepEqual([classes[0]!.value, classes[0]!.label, classes[0]!.color], [1, 'Excellent', '#012BF5']);
    assert.deepEqual([classes[1]!.value, classes[1]!.label, classes[1]!.color], [2, 'Very good', '#2D9BF8']);
    assert.deepEqual([classes[9]!.value, classes[9]!.label, classes[9]!.color], [10, 'Horrible', '#8E2695']);
    const thresholds = scale.thresholds as Record<string, Json>;
    assert.deepEqual(thresholds.no2, {
      field: 'C',
      bounds: [10, 15, 20, 30, 40, 45, 50, 60, 75],
      zero_means_missing: true,
    });
    assert.equal(thresholds.pm25!.field, 'C_PM25');
    assert.deepEqual(thresholds.pm25!.bounds, [3.5, 7.5, 10, 15, 20, 35, 50, 60, 75]);
    assert.equal('zero_means_missing' in thresholds.pm25!, false);
    assert.equal(thresholds.pm10!.field, 'C_PM10');
    assert.deepEqual(thresholds.pm10!.bounds, [10, 20, 35, 45, 60, 80, 95, 110, 140]);
    assert.equal('zero_means_missing' in thresholds.pm10!, false);
  });

  test('thermal-utci: Comfortable 9 to 26, Extreme cold -50 to -40', async () => {
    const scale = await json(await server.fetch('/scales/thermal-utci'));
    const classes = scale.classes as Json[];
    const comfortable = classes.find((c) => c.label === 'Comfortable')!;
    assert.deepEqual(comfortable.bounds, { from: 9, to: 26 });
    assert.deepEqual(classes[0]!.label, 'Extreme cold');
    assert.deepEqual(classes[0]!.bounds, { from: -50, to: -40 });
  });

  test('air-no2 says zero means missing', async () => {
    const scale = await json(await server.fetch('/scales/air-no2'));
    assert.equal(scale.zero_means_missing, true);
  });

  test('an unknown scale is 404 not_found', async () => {
    for (const id of ['wind', 'AIR-BELAQI', 'air-belaqi.json', 'x'.repeat(120)]) {
      await expectProblem(await server.fetch(`/scales/${id}`), 404, 'not_found', server.docsUrl);
    }
  });
});
