import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { AWKWARD_INSTANTS } from '../helpers/awkward-instants.ts';
import { serviceForFile, startTestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const NAMUR = { lat: 50.4687, lon: 4.8625 };
const LILLE = { lat: 50.6366, lon: 3.0635 };
const ATOMIUM = { lat: 50.89492, lon: 4.34211 };
const CHARLEROI = { lat: 50.411, lon: 4.4445 };

const HOUR = 3_600_000;
const RECORD_FIELDS = ['c', 'c_pm25', 'c_pm10', 'c_o3', 'ucomfort', 'ugust', 'utci'];

// the service's clock: the wall clock, except while a test stands it on one instant
let pinnedAt: number | undefined;
const file = serviceForFile({ clock: () => pinnedAt ?? Date.now() });

async function standingAt<T>(ms: number, work: () => Promise<T>): Promise<T> {
  pinnedAt = ms;
  try {
    return await work();
  } finally {
    pinnedAt = undefined;
  }
}

const inject = (options: InjectOptions) => file.service.composition.app.inject(options);
const get = (url: string, secret = file.key) => inject({ url, headers: { 'x-api-key': secret } });

function code(response: LightMyRequestResponse): string {
  assert.match(String(response.headers['content-type']), /application\/problem\+json/);
  return response.json().code;
}

describe('common input rules', () => {
  const malformed = [
    ['address and coordinates together', `address=Grand-Place&lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`],
    ['nothing', ''],
    ['lat without lon', 'lat=50.8'],
    ['lon without lat', 'lon=4.3'],
    ['NaN', 'lat=NaN&lon=4.35'],
    ['Infinity', 'lat=Infinity&lon=4.35'],
    ['hex', 'lat=0x32&lon=4.35'],
    ['exponent', 'lat=5e1&lon=4.35'],
    ['empty string', 'lat=&lon=4.35'],
    ['repeated parameter', 'lat=50.84&lat=50.85&lon=4.35'],
    ['latitude out of range', 'lat=91&lon=4.35'],
    ['radius too small', 'lat=50.8467&lon=4.3525&radius=4'],
    ['radius too large', 'lat=50.8467&lon=4.3525&radius=50.5'],
    ['radius not a number', 'lat=50.8467&lon=4.3525&radius=ten'],
    ['unknown metric', 'lat=50.8467&lon=4.3525&metrics=noise'],
    ['empty metrics', 'lat=50.8467&lon=4.3525&metrics='],
    ['repeated metric', 'lat=50.8467&lon=4.3525&metrics=air,air'],
    ['four metrics', 'lat=50.8467&lon=4.3525&metrics=air,wind,thermal,air'],
    ['unknown parameter', 'lat=50.8467&lon=4.3525&colour=red'],
    ['blank address', 'address=%20%20'],
    ['overlong address', `address=${'a'.repeat(201)}`],
  ] as const;
  for (const [name, query] of malformed) {
    test(`historical: ${name} → 400 validation_error`, async () => {
      const response = await get(`/v1/historical/stats?${query}`);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(code(response), 'validation_error');
    });
  }
  for (const path of ['/v1/realtime', '/v1/forecast']) {
    test(`${path}: malformed coordinates and radius are 400`, async () => {
      for (const query of [
        'lat=NaN&lon=4.35',
        'lat=50.84&lat=50.85&lon=4.35',
        'lat=50.8467&lon=4.3525&radius=51',
        'metrics=air&lat=50.8467&lon=4.3525',
      ]) {
        const response = await get(`${path}?${query}`);
        assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
      }
    });
  }
});

describe('GET /historical/stats', () => {
  test('the Grand-Place: hyper-local dataset, every metric the key holds, cached afterwards', async () => {
    const url = `/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`;
    const first = await get(url);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['x-cache'], 'miss');
    assert.ok(first.headers['x-ratelimit-limit']);
    const body = first.json();
    assert.deepEqual(body.city, { id: 'brussels', name: 'Brussels', country: 'BE' });
    assert.deepEqual(body.location, { address: null, lat: GRAND_PLACE.lat, lon: GRAND_PLACE.lon });
    assert.equal(body.meta.dataset, 'brussels_extended');
    assert.equal(body.meta.reference_year, 2025);
    assert.ok(['point', 'nearest_outdoor'].includes(body.meta.sampling));
    assert.equal(body.meta.radius_m, undefined);
    assert.ok(body.meta.n_cells >= 1);
    assert.equal(body.meta.hours, 8760);
    assert.deepEqual(body.meta.metrics, ['air', 'wind', 'thermal']);
    for (const block of ['air', 'wind', 'thermal']) {
      assert.ok(body[block], `missing ${block}`);
      assert.ok(body[block].score >= 0 && body[block].score <= 10);
      assert.ok(body[block].rating >= 0 && body[block].rating <= 10);
      assert.equal(typeof body[block].label, 'string');
    }
    const second = await get(url);
    assert.equal(second.headers['x-cache'], 'hit');
    assert.equal(second.json().meta.generated_utc, body.meta.generated_utc);
  });

  test('coordinates are rounded to 5 decimals before anything else', async () => {
    const response = await get('/v1/historical/stats?lat=50.846712345&lon=4.352549999&metrics=wind');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().location.lat, 50.84671);
    assert.equal(response.json().location.lon, 4.35255);
  });

  test('an explicit radius averages every outdoor cell within it', async () => {
    const response = await get(
      `/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}&radius=50&metrics=wind`,
    );
    assert.equal(response.statusCode, 200, response.body);
    const meta = response.json().meta;
    assert.equal(meta.sampling, 'radius');
    assert.equal(meta.radius_m, 50);
    assert.ok(meta.n_cells > 5, `n_cells ${meta.n_cells}`);
  });

  test('elsewhere in Belgium: the nationwide dataset, no city, radius ignored', async () => {
    const response = await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}&radius=20`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.city, undefined);
    assert.equal(body.meta.dataset, 'belgium_lowres');
    assert.equal(body.meta.sampling, 'point');
    assert.equal(body.meta.radius_m, undefined);
    assert.equal(body.meta.n_cells, 1);
  });

  test('naming metrics returns those blocks only', async () => {
    const body = (
      await get(`/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}&metrics=thermal,wind`)
    ).json();
    assert.deepEqual(body.meta.metrics, ['thermal', 'wind']);
    assert.equal(body.air, undefined);
    assert.ok(body.wind && body.thermal);
  });

  test('outside Belgium is 422 outside_coverage', async () => {
    const response = await get(`/v1/historical/stats?lat=${LILLE.lat}&lon=${LILLE.lon}`);
    assert.equal(response.statusCode, 422);
    assert.equal(code(response), 'outside_coverage');
  });

  test('coverage comes before the metric scope: outside Belgium with a metric the key lacks is 422, not 403', async () => {
    // the 403 is about the key, the 422 about the data: the data answers first here
    const airOnly = await file.service.createKey(['--metrics', 'air']);
    const unheld = await get(`/v1/historical/stats?lat=${LILLE.lat}&lon=${LILLE.lon}&metrics=wind`, airOnly);
    assert.equal(unheld.statusCode, 422, unheld.body);
    assert.equal(code(unheld), 'outside_coverage');
    const noMetrics = await file.service.createKey(['--metrics', '']);
    const empty = await get(`/v1/historical/stats?lat=${LILLE.lat}&lon=${LILLE.lon}`, noMetrics);
    assert.equal(empty.statusCode, 422, empty.body);
    assert.equal(code(empty), 'outside_coverage');
    // the same key and metric inside Belgium: the 403 the coverage check came before
    const inside = await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}&metrics=wind`, airOnly);
    assert.equal(inside.statusCode, 403, inside.body);
    assert.equal(code(inside), 'forbidden');
  });

  test('entitlement: product, metric, empty metric scope and city scope are 403; omitted metrics follow the key', async () => {
    const mapOnly = await file.service.createKey(['--products', 'map']);
    assert.equal(
      (await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}`, mapOnly)).statusCode,
      403,
    );
    const airOnly = await file.service.createKey(['--metrics', 'air']);
    const wind = await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}&metrics=wind`, airOnly);
    assert.equal(wind.statusCode, 403);
    assert.equal(code(wind), 'forbidden');
    const omitted = (await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}`, airOnly)).json();
    assert.deepEqual(omitted.meta.metrics, ['air']);
    assert.equal(omitted.wind, undefined);
    const empty = await file.service.createKey(['--metrics', '']);
    assert.equal(
      (await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}`, empty)).statusCode,
      403,
    );
    const charleroiOnly = await file.service.createKey(['--cities', 'charleroi']);
    assert.equal(
      (await get(`/v1/historical/stats?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`, charleroiOnly))
        .statusCode,
      403,
    );
    // a nationwide answer belongs to no city, so the city scope does not apply
    assert.equal(
      (await get(`/v1/historical/stats?lat=${NAMUR.lat}&lon=${NAMUR.lon}`, charleroiOnly)).statusCode,
      200,
    );
  });

  test('concurrent identical cold requests share one computation', async () => {
    const url = `/v1/historical/stats?lat=50.8451&lon=4.3601&metrics=wind`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    const generated = new Set(responses.map((r) => r.json().meta.generated_utc));
    assert.equal(generated.size, 1);
  });
});

describe('GET /realtime and /forecast', () => {
  test('real-time records end at the latest completed hour at every kind of instant, with every field as numbers', async () => {
    // a point no other test of this file asks for: each instant's first answer is computed
    const at = 'lat=50.84685&lon=4.35262';
    for (const instant of AWKWARD_INSTANTS) {
      const body = await standingAt(instant.ms, async () => {
        const response = await get(`/v1/realtime?${at}`);
        assert.equal(response.statusCode, 200, `${instant.name}: ${response.body}`);
        assert.equal(response.headers['x-cache'], 'miss', instant.name);
        const again = await get(`/v1/realtime?${at}`);
        assert.equal(again.headers['x-cache'], 'hit', instant.name);
        return response.json();
      });
      assert.equal(body.city.id, 'brussels');
      assert.equal(body.meta.radius_m, 10);
      assert.equal(typeof body.meta.resolution_m, 'number');
      assert.equal(body.meta.hours, body.hourly.length);
      const hours = body.hourly.map((r: { hour: string }) => Date.parse(r.hour));
      // the day of completed hours: the hour before the clock's, back 24 hours, one by one
      const latest = Math.floor(instant.ms / HOUR) * HOUR - HOUR;
      assert.deepEqual(
        hours,
        Array.from({ length: 24 }, (_, i) => latest - (23 - i) * HOUR),
        instant.name,
      );
      for (const record of body.hourly) {
        assert.equal(record.timestamp, String(Date.parse(record.hour)));
        for (const field of RECORD_FIELDS)
          assert.equal(typeof record[field], 'number', `${instant.name} ${record.hour} ${field}`);
      }
    }
  });

  test('two radii at one point are kept apart in the cache: the second is a miss with its own values', async () => {
    // the model's first real-time answer can outlast the deadline on a busy machine (a 504
    // the spec allows): warm it on a neighbouring point, so the calls below are about the cache
    await until(
      async () => (await get('/v1/realtime?lat=50.84655&lon=4.35168')).statusCode === 200 || undefined,
      { timeoutMs: 180_000, intervalMs: 500, what: 'a warm real-time model' },
    );
    // a point no other test of this file asks for, so the first call is cold
    const at = `lat=50.84612&lon=4.35401`;
    const small = await get(`/v1/realtime?${at}&radius=5`);
    assert.equal(small.statusCode, 200, small.body);
    assert.equal(small.headers['x-cache'], 'miss');
    const large = await get(`/v1/realtime?${at}&radius=50`);
    assert.equal(large.statusCode, 200, large.body);
    assert.equal(large.headers['x-cache'], 'miss', 'another radius is another cache entry');
    assert.equal(small.json().meta.radius_m, 5);
    assert.equal(large.json().meta.radius_m, 50);
    assert.notDeepEqual(
      large.json().hourly,
      small.json().hourly,
      'fifty metres around the point average other cells than five',
    );
    // each radius keeps its own entry
    const smallAgain = await get(`/v1/realtime?${at}&radius=5`);
    assert.equal(smallAgain.headers['x-cache'], 'hit');
    assert.deepEqual(smallAgain.json().hourly, small.json().hourly);
  });

  test('forecast records start after the observed hours and stay within the 48 h ceiling, in time order, at every kind of instant', async () => {
    const at = 'lat=50.84685&lon=4.35262&radius=25';
    for (const instant of AWKWARD_INSTANTS) {
      const response = await standingAt(instant.ms, () => get(`/v1/forecast?${at}`));
      assert.equal(response.statusCode, 200, `${instant.name}: ${response.body}`);
      const body = response.json();
      assert.equal(body.meta.radius_m, 25);
      const hours = body.hourly.map((r: { hour: string }) => Date.parse(r.hour));
      assert.ok(hours.length >= 24, instant.name);
      for (let i = 1; i < hours.length; i++) assert.ok(hours[i] > hours[i - 1], instant.name);
      // issued at the latest completed hour: the first step is the clock's own hour
      assert.equal(hours[0], Math.floor(instant.ms / HOUR) * HOUR, instant.name);
      assert.ok(hours.at(-1) <= instant.ms + 48 * HOUR, instant.name);
      for (const record of body.hourly)
        for (const field of RECORD_FIELDS)
          assert.equal(typeof record[field], 'number', `${instant.name} ${record.hour} ${field}`);
    }
  });

  test('outside every covered city, in a planned zone, or in a city without the product: instant 422', async () => {
    for (const [where, product, expected] of [
      [NAMUR, 'realtime', 'outside_coverage'],
      [ATOMIUM, 'realtime', 'outside_coverage'],
      [LILLE, 'forecast', 'outside_coverage'],
      [CHARLEROI, 'realtime', 'product_unavailable'],
    ] as const) {
      const response = await get(`/v1/${product}?lat=${where.lat}&lon=${where.lon}`);
      assert.equal(response.statusCode, 422, `${product} ${where.lat}`);
      assert.equal(code(response), expected);
    }
  });

  test('Charleroi has a forecast without air fields (air is not modelled there)', async () => {
    const response = await get(`/v1/forecast?lat=${CHARLEROI.lat}&lon=${CHARLEROI.lon}`);
    assert.equal(response.statusCode, 200, response.body);
    const record = response.json().hourly[0];
    assert.equal(record.c, undefined);
    assert.equal(typeof record.utci, 'number');
  });

  test('the key must hold the product and the city', async () => {
    const historicalOnly = await file.service.createKey(['--products', 'historical']);
    assert.equal(
      (await get(`/v1/realtime?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`, historicalOnly)).statusCode,
      403,
    );
    const charleroiOnly = await file.service.createKey(['--cities', 'charleroi']);
    assert.equal(
      (await get(`/v1/forecast?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`, charleroiOnly)).statusCode,
      403,
    );
  });
});

describe('slowness', () => {
  test('a request past its deadline answers 504 while the work finishes; the retry is served from the cache', async () => {
    const slow = await startTestService({ COMPUTE_DEADLINE_MS: '10' });
    try {
      const slowKey = await slow.createKey();
      const url = '/v1/historical/stats?lat=50.8442&lon=4.3689';
      const first = await slow.composition.app.inject({ url, headers: { 'x-api-key': slowKey } });
      assert.equal(first.statusCode, 504, first.body);
      assert.equal(first.json().code, 'upstream_timeout');
      const retry = await until(
        async () => {
          const again = await slow.composition.app.inject({ url, headers: { 'x-api-key': slowKey } });
          return again.statusCode === 200 ? again : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 200, what: 'the retried statistics' },
      );
      assert.equal(retry.statusCode, 200);
      // the work started by the timed-out request is what answers: same computation, now cached
      const cached = await slow.composition.app.inject({ url, headers: { 'x-api-key': slowKey } });
      assert.equal(cached.headers['x-cache'], 'hit');
      assert.equal(cached.json().meta.generated_utc, retry.json().meta.generated_utc);
    } finally {
      await slow.close();
    }
  });
});
