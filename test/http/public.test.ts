import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { revalidatingIfNoneMatch } from '../helpers/if-none-match-forms.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { ERROR_CODES as SPEC_ERROR_CODES, SCALE_IDS as SPEC_SCALE_IDS } from '../helpers/spec-lists.ts';

let service: TestService;
before(async () => {
  service = await startTestService();
});
after(() => service.close());

const inject = (options: InjectOptions) => service.composition.app.inject(options);

describe('GET /cities', () => {
  test('without a key: the full list, public caching, no authorized flag', async () => {
    const response = await inject({ url: '/v1/cities' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    const body = response.json();
    assert.ok(!Number.isNaN(Date.parse(body.generated_utc)));
    const ids = body.cities.map((c: { id: string }) => c.id);
    assert.deepEqual(ids, ['brussels', 'charleroi']);
    const brussels = body.cities[0];
    assert.equal(brussels.country, 'BE');
    assert.equal(brussels.timezone, 'Europe/Brussels');
    assert.equal(brussels.bbox.length, 4);
    assert.ok(brussels.bbox[0] < brussels.bbox[2] && brussels.bbox[1] < brussels.bbox[3]);
    assert.deepEqual(brussels.products, {
      geocode: true,
      historical: true,
      realtime: true,
      forecast: true,
      reports: true,
      map: true,
    });
    assert.deepEqual(brussels.map.layers, ['thermal', 'wind', 'air', 'buildings']);
    assert.equal(brussels.map.cadence, 'hourly');
    assert.equal(brussels.authorized, undefined);
    const charleroi = body.cities[1];
    assert.equal(charleroi.products.realtime, false);
    assert.ok(!charleroi.metrics.includes('air'));
  });

  test('the product filter keeps only cities offering it; an unknown product is 400', async () => {
    const realtime = (await inject({ url: '/v1/cities?product=realtime' })).json();
    assert.deepEqual(
      realtime.cities.map((c: { id: string }) => c.id),
      ['brussels'],
    );
    const map = (await inject({ url: '/v1/cities?product=map' })).json();
    assert.equal(map.cities.length, 2);
    const bad = await inject({ url: '/v1/cities?product=weather' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'validation_error');
  });

  test('with a key: authorized per city scope, private caching varying on the key headers', async () => {
    const key = await service.createKey(['--cities', 'brussels']);
    const response = await inject({ url: '/v1/cities', headers: { authorization: `Bearer ${key}` } });
    assert.equal(response.headers['cache-control'], 'private, max-age=3600');
    const vary = String(response.headers.vary);
    assert.match(vary, /Authorization/);
    assert.match(vary, /X-API-Key/);
    const flags = Object.fromEntries(
      response.json().cities.map((c: { id: string; authorized: boolean }) => [c.id, c.authorized]),
    );
    assert.deepEqual(flags, { brussels: true, charleroi: false });
    const wildcard = await service.createKey();
    const all = (await inject({ url: '/v1/cities', headers: { 'x-api-key': wildcard } })).json();
    assert.ok(all.cities.every((c: { authorized: boolean }) => c.authorized));
  });
});

describe('GET /cities/{city}', () => {
  function assertPolygonFeature(feature: {
    type: string;
    properties: unknown;
    geometry: { type: string; coordinates: number[][][] };
  }) {
    assert.equal(feature.type, 'Feature');
    assert.equal(typeof feature.properties, 'object');
    assert.equal(feature.geometry.type, 'Polygon');
    assert.equal(feature.geometry.coordinates.length, 1);
    const ring = feature.geometry.coordinates[0]!;
    assert.ok(ring.length >= 4);
    assert.deepEqual(ring[0], ring[ring.length - 1]);
    for (const [lon, lat] of ring) {
      assert.ok(lon! > 2 && lon! < 7, 'longitude first');
      assert.ok(lat! > 49 && lat! < 52);
    }
  }

  test('Brussels carries reference year, attribution, boundary and planned boundary', async () => {
    const response = await inject({ url: '/v1/cities/brussels' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    const city = response.json();
    assert.equal(city.id, 'brussels');
    assert.equal(Number.isInteger(city.reference_year), true);
    // real open data, credited (issue #33): OpenStreetMap's geometry and the measured weather year
    assert.match(city.attribution, /© OpenStreetMap contributors/);
    assert.match(city.attribution, /Uccle TMYx/);
    // no FEED_* here: no live provider is credited (test/live/live-feeds.integration.test.ts has them)
    assert.doesNotMatch(city.attribution, /IRCEL|Open-Meteo|Real-time and forecast inputs/);
    assertPolygonFeature(city.boundary);
    assertPolygonFeature(city.planned_boundary);
  });

  test('a city without an announced expansion omits planned_boundary; unknown city is 404', async () => {
    const charleroi = (await inject({ url: '/v1/cities/charleroi' })).json();
    assert.equal(charleroi.planned_boundary, undefined);
    const missing = await inject({ url: '/v1/cities/atlantis' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'not_found');
  });
});

describe('docs', () => {
  test('the OpenAPI 3.1 document lists the endpoints', async () => {
    const response = await inject({ url: '/v1/openapi.json' });
    assert.equal(response.statusCode, 200);
    const doc = response.json();
    assert.equal(doc.openapi, '3.1.0');
    for (const path of ['/health', '/cities', '/cities/{city}', '/scales', '/scales/{scale}', '/key']) {
      assert.ok(doc.paths[path], `missing ${path}`);
    }
  });

  test('the errors page has an anchor explaining every code, and the reference is served locally', async () => {
    const page = await inject({ url: '/v1/docs/errors' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    for (const code of SPEC_ERROR_CODES) {
      assert.match(page.body, new RegExp(`id="${code}"`));
    }
    const reference = await inject({ url: '/v1/docs/' });
    assert.equal(reference.statusCode, 200);
    assert.doesNotMatch(reference.body, /https?:\/\/(?!localhost)[a-z]/i);
  });

  test('the default DOCS_URL points at the served errors page', async () => {
    const problem = (await inject({ url: '/v1/nowhere' })).json();
    assert.equal(problem.type, `${service.config.docsUrl}/errors#not_found`);
    assert.equal(service.config.docsUrl, 'http://127.0.0.1:8080/v1/docs');
  });
});

describe('GET /scales', () => {
  test('views and summaries with an ETag; a revalidation answers 304 with no body', async () => {
    const response = await inject({ url: '/v1/scales' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    const etag = String(response.headers.etag);
    assert.match(etag, /^"[^"]+"$/);
    const body = response.json();
    assert.equal(body.scales.length, 10);
    const defaults = body.views
      .filter((v: { default?: boolean }) => v.default)
      .map((v: { id: string }) => v.id);
    assert.deepEqual(defaults.sort(), ['comfort-danger', 'index', 'utci']);
    const revalidated = await inject({ url: '/v1/scales', headers: { 'if-none-match': etag } });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
    for (const header of revalidatingIfNoneMatch(etag)) {
      const again = await inject({ url: '/v1/scales', headers: { 'if-none-match': header } });
      assert.equal(again.statusCode, 304, header);
    }
    const changed = await inject({ url: '/v1/scales', headers: { 'if-none-match': '"other"' } });
    assert.equal(changed.statusCode, 200);
  });

  test('the metric filter keeps one metric; an invalid metric is 400', async () => {
    const air = (await inject({ url: '/v1/scales?metric=air' })).json();
    assert.ok(air.views.length > 0 && air.views.every((v: { metric: string }) => v.metric === 'air'));
    assert.deepEqual(air.scales.map((s: { id: string }) => s.id).sort(), [
      'air-belaqi',
      'air-no2',
      'air-pm10',
      'air-pm25',
    ]);
    const bad = await inject({ url: '/v1/scales?metric=noise' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'validation_error');
  });

  test('each of the ten scales is served in full; an unknown one is 404', async () => {
    const ids = SPEC_SCALE_IDS;
    for (const id of ids) {
      const response = await inject({ url: `/v1/scales/${id}` });
      assert.equal(response.statusCode, 200, id);
      const scale = response.json();
      assert.equal(scale.id, id);
      assert.ok(Array.isArray(scale.classes) && scale.classes.length > 0, id);
    }
    const standard = (await inject({ url: '/v1/scales/wind-comfort-standard' })).json();
    const calm = standard.classes.find((c: { value: number }) => c.value === 1);
    assert.equal(calm.color.toLowerCase(), '#0000ff');
    assert.deepEqual(calm.when, {
      all: [
        { field: 'Ucomfort', lt: 4 },
        { field: 'Ugust', lt: 10 },
      ],
    });
    assert.equal(standard.no_data_color, '#aaa4a4');
    const belaqi = (await inject({ url: '/v1/scales/air-belaqi' })).json();
    assert.deepEqual(belaqi.thresholds.no2.bounds, [10, 15, 20, 30, 40, 45, 50, 60, 75]);
    assert.equal(belaqi.thresholds.no2.zero_means_missing, true);
    assert.equal(belaqi.thresholds.pm25.field, 'C_PM25');
    const missing = await inject({ url: '/v1/scales/wind-comfort' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'not_found');
  });
});
