import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bearer,
  type CreatedKey,
  expectProblem,
  GHENT,
  GRAND_PLACE,
  json,
  PARIS,
  type Server,
  startServer,
} from '../helpers/acceptance.ts';

/** Data endpoints: /historical/stats, /realtime, /forecast. */

type Json = Record<string, unknown>;
const CHARLEROI = { lat: 50.411, lon: 4.445 };
/** inside the Capital Region (planned boundary) but outside the current high-resolution zone */
const UCCLE = { lat: 50.8, lon: 4.34 };
/** inside the Hôtel de Ville on the Grand-Place, 25 m from its walls (OSM footprint): nearest outdoor cells answer */
const INSIDE_BUILDING = { lat: 50.8465, lon: 4.35175 };
const ISO_HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.000)?Z$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const RECORD_NUMBERS = ['c', 'c_pm25', 'c_pm10', 'c_o3', 'ucomfort', 'ugust', 'utci'];

let server: Server;
let full: CreatedKey;
let wind: CreatedKey;

before(async () => {
  server = await startServer();
  [full, wind] = await Promise.all([
    server.createKey(['--rate-per-min', '100000']),
    server.createKey(['--metrics', 'wind', '--rate-per-min', '100000']),
  ]);
});
after(async () => {
  await server?.close();
});

const get = (path: string, key: CreatedKey = full) => server.fetch(path, { headers: bearer(key.key) });
const at = (p: { lat: number; lon: number }) => `lat=${p.lat}&lon=${p.lon}`;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function assertPctMap(map: unknown, keys: string[], where: string): void {
  const object = map as Record<string, unknown>;
  assert.deepEqual(Object.keys(object).sort(), [...keys].sort(), where);
  for (const k of keys) assert.ok(object[k] === null || isNumber(object[k]), `${where}.${k}`);
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

describe('common input rules', () => {
  for (const endpoint of ['/historical/stats', '/realtime', '/forecast']) {
    test(`${endpoint}: missing, partial, conflicting or malformed location is 400`, async () => {
      for (const query of [
        '',
        'lat=50.8467',
        'lon=4.3525',
        `${at(GRAND_PLACE)}&address=Grand-Place`,
        'address=',
        'lat=abc&lon=4.35',
        'lat=50.85&lon=',
        'lat=91&lon=4.35',
        'lat=-91&lon=4.35',
        'lat=50.85&lon=181',
        'lat=NaN&lon=4.35',
        'lat=Infinity&lon=4.35',
        'lat=50.85&lat=50.86&lon=4.35',
        `${at(GRAND_PLACE)}&radius=4.99`,
        `${at(GRAND_PLACE)}&radius=50.01`,
        `${at(GRAND_PLACE)}&radius=0`,
        `${at(GRAND_PLACE)}&radius=-10`,
        `${at(GRAND_PLACE)}&radius=ten`,
        `${at(GRAND_PLACE)}&radius=`,
      ]) {
        await expectProblem(await get(`${endpoint}?${query}`), 400, 'validation_error', server.docsUrl);
      }
    });

    test(`${endpoint}: radius 5 and 50 are accepted`, async () => {
      for (const radius of ['5', '50', '5.0', '50.00']) {
        const response = await get(
          `${endpoint}?${at(GRAND_PLACE)}&radius=${radius}&${endpoint === '/historical/stats' ? 'metrics=wind' : ''}`,
        );
        assert.equal(response.status, 200, `radius ${radius}`);
        const body = await json(response);
        assert.equal((body.meta as Json).radius_m, Number(radius));
      }
    });

    test(`${endpoint}: outside Belgium is 422 outside_coverage`, async () => {
      await expectProblem(await get(`${endpoint}?${at(PARIS)}`), 422, 'outside_coverage', server.docsUrl);
      await expectProblem(await get(`${endpoint}?lat=0&lon=0`), 422, 'outside_coverage', server.docsUrl);
    });
  }

  test('historical: an unknown, empty, repeated or over-long metrics list is 400', async () => {
    for (const metrics of ['noise', 'air,noise', '', 'air,,wind', 'air,air', 'air,wind,thermal,air', 'AIR']) {
      await expectProblem(
        await get(`/historical/stats?${at(GRAND_PLACE)}&metrics=${metrics}`),
        400,
        'validation_error',
        server.docsUrl,
      );
    }
  });

  test('realtime and forecast take no metrics parameter', async () => {
    await expectProblem(
      await get(`/realtime?${at(GRAND_PLACE)}&metrics=air`),
      400,
      'validation_error',
      server.docsUrl,
    );
  });
});

describe('GET /historical/stats', () => {
  test('Brussels: envelope, meta and the three blocks with every field typed', async () => {
    const response = await get(`/historical/stats?${at(GRAND_PLACE)}`);
    assert.equal(response.status, 200);
    assert.ok(['hit', 'miss'].includes(String(response.headers.get('x-cache'))));
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      assert.ok(response.headers.get(h), h);
    const body = await json(response);
    assert.deepEqual(body.city, { id: 'brussels', name: 'Brussels', country: 'BE' });
    assert.deepEqual(body.location, { address: null, lat: GRAND_PLACE.lat, lon: GRAND_PLACE.lon });
    const meta = body.meta as Json;
    assert.equal(meta.dataset, 'brussels_extended');
    assert.ok(Number.isInteger(meta.reference_year));
    assert.equal(meta.sampling, 'point');
    assert.equal('distance_m' in meta, false, 'distance_m only for nearest_outdoor');
    assert.equal('radius_m' in meta, false, 'radius_m only when a radius was supplied');
    assert.ok(Number.isInteger(meta.n_cells) && (meta.n_cells as number) >= 1);
    assert.ok(meta.hours === 8760 || meta.hours === 8784);
    assert.deepEqual([...(meta.metrics as string[])].sort(), ['air', 'thermal', 'wind']);
    assert.match(String(meta.generated_utc), ISO_UTC);

    for (const block of ['air', 'wind', 'thermal']) {
      const b = body[block] as Json;
      assert.ok(b, `${block} block`);
      assert.ok(isNumber(b.rating) && b.rating >= 0 && b.rating <= 10, `${block}.rating`);
      assert.ok(isNumber(b.score) && b.score >= 0 && b.score <= 10, `${block}.score`);
      assert.equal(typeof b.label, 'string');
    }

    const air = body.air as Json;
    assert.ok(['Excellent', 'Very good', 'Good', 'Moderate', 'Poor', 'Bad'].includes(String(air.label)));
    assert.ok(Number.isInteger(air.hours_graded));
    assertPctMap(air.annual_mean_ugm3, ['no2', 'pm25', 'pm10'], 'annual_mean_ugm3');
    assertPctMap(air.pollutant_scores, ['no2', 'pm25', 'pm10'], 'pollutant_scores');
    const scores = air.pollutant_scores as Record<string, number>;
    assert.equal(
      air.score,
      Math.min(...Object.values(scores).filter(isNumber)),
      'score is the lowest subscore',
    );
    const limiting = air.limiting_pollutants as string[];
    assert.ok(limiting.length >= 1);
    assert.deepEqual(
      limiting,
      ['no2', 'pm25', 'pm10'].filter((p) => limiting.includes(p)),
      'ordered NO2, PM2.5, PM10',
    );
    for (const p of limiting) assert.equal(scores[p], air.score);
    assert.equal(air.limiting_pollutant, limiting[0]);
    const distribution = air.distribution_pct as Record<string, number>;
    assert.equal(Object.keys(distribution).length, 10, 'one share per BelAQI class label');
    assertPctMap(air.grouped_pct, ['g12', 'g34', 'g56', 'g710'], 'grouped_pct');
    for (const f of ['good_pct', 'day_good_pct', 'night_good_pct']) assert.ok(isNumber(air[f]), f);
    const grouped = air.grouped_pct as Record<string, number>;
    assert.ok(
      Math.abs((grouped.g12 ?? 0) + (grouped.g34 ?? 0) - (air.good_pct as number)) <= 0.15,
      'good = classes 1 to 4',
    );
    assertPctMap(air.monthly_good_pct, MONTHS, 'monthly_good_pct');
    assert.ok(Number.isInteger(air.best_month) && Number.isInteger(air.worst_month));
    assert.ok(['no2', 'pm25', 'pm10'].includes(String(air.dominant_pollutant)));
    assertPctMap(air.pollutant_share_pct, ['no2', 'pm25', 'pm10'], 'pollutant_share_pct');

    const wind = body.wind as Json;
    assertPctMap(
      wind.distribution_pct,
      ['Calm', 'Slightly windy', 'Windy', 'Very windy', 'Danger'],
      'wind.distribution_pct',
    );
    assert.equal(wind.calm_pct, (wind.distribution_pct as Json).Calm);
    for (const f of [
      'eff_mean_ms',
      'worst_moment_ms',
      'mean_ucomfort_ms',
      'p95_ucomfort_ms',
      'max_gust_ms',
    ]) {
      assert.ok(isNumber(wind[f]), `wind.${f}`);
    }
    assert.ok(Number.isInteger(wind.worst_moment_hours) && (wind.worst_moment_hours as number) >= 1);
    assert.ok((wind.rating as number) <= (wind.score as number), 'rating is at most the score');
    assertPctMap(
      wind.exceedance_pct,
      [
        'above_frequent_sitting',
        'slightly_windy_or_worse',
        'windy_or_worse',
        'very_windy_or_worse',
        'danger',
      ],
      'exceedance_pct',
    );
    assertPctMap(wind.monthly_mean_ucomfort_ms, MONTHS, 'monthly_mean_ucomfort_ms');

    const thermal = body.thermal as Json;
    const seasons = ['winter', 'spring', 'summer', 'autumn'];
    assertPctMap(thermal.seasonal_comfort_pct, seasons, 'seasonal_comfort_pct');
    assertPctMap(thermal.seasonal_acceptable_pct, seasons, 'seasonal_acceptable_pct');
    for (const f of ['rating_limiting_seasons', 'limiting_seasons']) {
      const list = thermal[f] as string[];
      assert.ok(Array.isArray(list) && list.length >= 1, f);
      for (const s of list) assert.ok(seasons.includes(s));
    }
    assert.equal(thermal.rating_limiting_season, (thermal.rating_limiting_seasons as string[])[0]);
    assert.equal(thermal.limiting_season, (thermal.limiting_seasons as string[])[0]);
    assert.equal(
      (thermal.rating_limiting_seasons as string[]).includes('winter'),
      false,
      'winter is reported but never rated',
    );
    for (const f of [
      'summer_day_comfort_pct',
      'summer_night_mean_utci_c',
      'comfort_pct',
      'mean_utci_c',
      'min_utci_c',
      'max_utci_c',
    ]) {
      assert.ok(isNumber(thermal[f]), `thermal.${f}`);
    }
    for (const f of ['strong_heat_stress_days', 'tropical_nights'])
      assert.ok(Number.isInteger(thermal[f]), f);
    if ('summer_night_vs_city_c' in thermal) assert.ok(isNumber(thermal.summer_night_vs_city_c));
    assertPctMap(thermal.monthly_mean_utci_c, MONTHS, 'monthly_mean_utci_c');
  });

  test('results are cached per location: the second request is X-Cache hit with the same statistics', async () => {
    const query = `/historical/stats?lat=50.8455&lon=4.3501&metrics=air`;
    const first = await get(query);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-cache'), 'miss');
    const a = await json(first);
    const second = await get(query);
    assert.equal(second.headers.get('x-cache'), 'hit');
    const b = await json(second);
    assert.deepEqual(b.air, a.air);
  });

  test('metrics selects blocks in any order; meta.metrics reports them', async () => {
    const body = await json(await get(`/historical/stats?${at(GRAND_PLACE)}&metrics=thermal,air`));
    assert.deepEqual([...((body.meta as Json).metrics as string[])].sort(), ['air', 'thermal']);
    assert.ok(body.air && body.thermal);
    assert.equal(body.wind, undefined);
  });

  test('coordinates are rounded to 5 decimals before processing', async () => {
    const body = await json(await get('/historical/stats?lat=50.846712345&lon=4.352549999&metrics=wind'));
    assert.deepEqual(body.location, { address: null, lat: 50.84671, lon: 4.35255 });
  });

  test('a point inside a building reads the nearest outdoor cells (nearest_outdoor, distance_m)', async () => {
    const meta = (await json(await get(`/historical/stats?${at(INSIDE_BUILDING)}&metrics=wind`)))
      .meta as Json;
    assert.equal(meta.sampling, 'nearest_outdoor');
    assert.ok(isNumber(meta.distance_m) && meta.distance_m > 0);
  });

  test('with radius: sampling radius, radius_m and n_cells over the area', async () => {
    const meta = (await json(await get(`/historical/stats?${at(GRAND_PLACE)}&radius=25&metrics=wind`)))
      .meta as Json;
    assert.equal(meta.sampling, 'radius');
    assert.equal(meta.radius_m, 25);
    assert.ok((meta.n_cells as number) > 1);
    assert.equal('distance_m' in meta, false);
  });

  test('elsewhere in Belgium: nationwide dataset, no city, radius ignored', async () => {
    const body = await json(await get(`/historical/stats?${at(GHENT)}&radius=30`));
    assert.equal('city' in body, false, 'city absent for nationwide answers');
    const meta = body.meta as Json;
    assert.equal(meta.dataset, 'belgium_lowres');
    assert.equal(meta.sampling, 'point');
    assert.ok(body.air && body.wind);
  });

  test('Charleroi and the Capital Region outside the zone are served (any location in Belgium)', async () => {
    for (const point of [CHARLEROI, UCCLE]) {
      const response = await get(`/historical/stats?${at(point)}&metrics=wind`);
      assert.equal(response.status, 200, JSON.stringify(point));
      const meta = (await json(response)).meta as Json;
      assert.ok(['brussels_extended', 'belgium_lowres', 'charleroi_extended'].includes(String(meta.dataset)));
    }
  });
});

function assertRecords(body: Json, expectCity: string, fields: string[]): Json[] {
  assert.equal((body.city as Json).id, expectCity);
  const meta = body.meta as Json;
  assert.equal(typeof meta.dataset, 'string');
  assert.ok(isNumber(meta.resolution_m));
  assert.ok(isNumber(meta.radius_m));
  assert.match(String(meta.retrieved_utc), ISO_UTC);
  const hourly = body.hourly as Json[];
  assert.ok(Array.isArray(hourly) && hourly.length > 0);
  assert.equal(meta.hours, hourly.length, 'meta.hours counts the records');
  let previous = -Infinity;
  for (const record of hourly) {
    assert.match(String(record.hour), ISO_HOUR);
    assert.equal(typeof record.timestamp, 'string', 'timestamp is a string');
    assert.match(String(record.timestamp), /^\d+$/);
    assert.equal(
      Number(record.timestamp),
      Date.parse(String(record.hour)),
      'timestamp is the hour in epoch ms',
    );
    assert.ok(Number(record.timestamp) > previous, 'records in time order');
    previous = Number(record.timestamp);
    for (const f of fields) assert.ok(isNumber(record[f]), `${f} is a number: ${JSON.stringify(record[f])}`);
  }
  return hourly;
}

describe('GET /realtime', () => {
  test('Brussels: the record envelope, every field a number, default radius 10', async () => {
    const response = await get(`/realtime?${at(GRAND_PLACE)}`);
    assert.equal(response.status, 200);
    assert.ok(['hit', 'miss'].includes(String(response.headers.get('x-cache'))));
    assert.ok(response.headers.get('x-ratelimit-remaining'));
    const body = await json(response);
    assert.deepEqual(body.location, { address: null, lat: GRAND_PLACE.lat, lon: GRAND_PLACE.lon });
    assert.equal((body.meta as Json).radius_m, 10);
    const hourly = assertRecords(body, 'brussels', RECORD_NUMBERS);
    const last = Number(hourly[hourly.length - 1]!.timestamp);
    assert.ok(last <= Date.now(), 'real-time records are observed hours');
    assert.ok(Date.now() - last < 3 * 3_600_000, 'the most recent observed hour is recent');
  });

  test('is cached for 5 minutes per location: the second request is a hit', async () => {
    const query = '/realtime?lat=50.84599&lon=4.35111&radius=12';
    const first = await get(query);
    assert.equal(first.headers.get('x-cache'), 'miss');
    const a = await json(first);
    const second = await get(query);
    assert.equal(second.headers.get('x-cache'), 'hit');
    assert.deepEqual((await json(second)).hourly, a.hourly);
  });

  test('a city without real-time is 422 product_unavailable; the planned zone is not covered yet', async () => {
    await expectProblem(await get(`/realtime?${at(CHARLEROI)}`), 422, 'product_unavailable', server.docsUrl);
    await expectProblem(await get(`/realtime?${at(GHENT)}`), 422, 'outside_coverage', server.docsUrl);
    await expectProblem(await get(`/realtime?${at(UCCLE)}`), 422, 'outside_coverage', server.docsUrl);
  });

  test('a key holding only wind reads only the wind fields', async () => {
    const body = await json(await get(`/realtime?${at(GRAND_PLACE)}`, wind));
    const hourly = assertRecords(body, 'brussels', ['ucomfort', 'ugust']);
    for (const record of hourly)
      for (const f of ['c', 'c_pm25', 'c_pm10', 'c_o3', 'utci']) assert.equal(f in record, false, f);
  });
});

describe('GET /forecast', () => {
  test('Brussels: upcoming records out to roughly 48 hours', async () => {
    const response = await get(`/forecast?${at(GRAND_PLACE)}`);
    assert.equal(response.status, 200);
    assert.ok(['hit', 'miss'].includes(String(response.headers.get('x-cache'))));
    const hourly = assertRecords(await json(response), 'brussels', RECORD_NUMBERS);
    const last = Number(hourly[hourly.length - 1]!.timestamp);
    assert.ok(last > Date.now(), 'forecast reaches into the future');
    assert.ok(last - Date.now() <= 50 * 3_600_000, 'no further than roughly 48 hours');
  });

  test('Charleroi (forecast, no air): records carry the modelled quantities as numbers', async () => {
    const body = await json(await get(`/forecast?${at(CHARLEROI)}`));
    assertRecords(body, 'charleroi', ['ucomfort', 'ugust', 'utci']);
  });

  test('outside every covered city is 422 outside_coverage', async () => {
    await expectProblem(await get(`/forecast?${at(GHENT)}`), 422, 'outside_coverage', server.docsUrl);
  });
});
