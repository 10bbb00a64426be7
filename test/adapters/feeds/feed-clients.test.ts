import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { withCircuitBreaker } from '../../../src/adapters/feeds/breaker.ts';
import type { HttpPolicy } from '../../../src/adapters/feeds/http-get.ts';
import { createIrcelClient } from '../../../src/adapters/feeds/ircel.ts';
import {
  createOpenMeteoAirQualityClient,
  createOpenMeteoClient,
} from '../../../src/adapters/feeds/open-meteo.ts';
import type { Reading } from '../../../src/domain/live/readings.ts';
import { FeedError } from '../../../src/services/live/feeds-port.ts';
import { type FeedReplay, fixture, startFeedReplay } from '../../helpers/feed-replay.ts';

/**
 * The feed clients against a local server replaying the providers' exact bodies
 * (test/fixtures/feeds) and every failure FEEDS.md lists.
 */
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 10, 20);
const POLICY: HttpPolicy = { timeoutMs: 400, retries: 2, backoffMs: 5, maxRetryAfterMs: 1500 };
const BRUSSELS = [{ lat: 50.85, lon: 4.35 }];

let replay: FeedReplay;
before(async () => {
  replay = await startFeedReplay();
});
after(() => replay.close());

const ircel = () => createIrcelClient({ root: `${replay.url}/sos/api/v1`, http: POLICY });
const meteo = () => createOpenMeteoClient({ host: replay.url, http: POLICY });
const airQuality = () => createOpenMeteoAirQualityClient({ host: replay.url, http: POLICY });
const at = (readings: Reading[], site: string, quantity: string) =>
  readings
    .filter((r) => r.site === site && r.quantity === quantity)
    .map((r) => [new Date(r.hourMs).toISOString().slice(11, 16), r.value]);

async function failure(work: Promise<unknown>): Promise<FeedError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof FeedError, `a FeedError, got ${error}`);
    return error;
  }
  assert.fail('the read succeeded');
}

describe('IRCEL-CELINE timeseries API', () => {
  const stations = '/sos/api/v1/stations';
  const data = '/sos/api/v1/timeseries/getData';
  test('reads every station series of NO2, PM and O3, drops bad values alone, stamps the hour ending at the timestamp', async () => {
    replay.on(stations, { body: fixture('ircel-stations.json') });
    let posted: { timeseries: string[]; timespan: string } | undefined;
    replay.on(data, ({ body }) => {
      posted = JSON.parse(body);
      return { body: fixture('ircel-getdata.json') };
    });
    const read = await ircel().read(NOW, []);
    assert.ok(posted);
    // the NO series (phenomenon 38) and the Dutch station are not asked for
    assert.deepEqual(posted.timeseries.sort(), ['10741', '10744', '6522', '6523', '7185', '7186']);
    assert.match(posted.timespan, /^PT\d+H\/2026-11-23T11:00:00Z$/, 'the timespan ends in Z (UTC)');
    // the value stamped 08:00 is the hour 07:00–08:00; out of order, with a null between
    assert.deepEqual(
      [...new Map(at(read.readings, '41R012', 'no2').map(([h, v]) => [h, v])).entries()].sort(),
      [
        ['06:00', 29],
        ['07:00', 31.5],
        ['09:00', 33.5],
      ],
    );
    // 99999 and −999 are dropped, their neighbours kept
    assert.deepEqual(at(read.readings, '41R001', 'no2'), [
      ['07:00', 41],
      ['09:00', 44],
    ]);
    assert.deepEqual(at(read.readings, '41R012', 'o3'), [
      ['07:00', 12],
      ['09:00', 14.5],
    ]);
    // "NaN" as a value is missing; the 10:00 value is the 09:00 hour, not 10:00
    assert.deepEqual(at(read.readings, '41R001', 'pm25'), [['09:00', 8.2]]);
    assert.equal(read.readings.filter((r) => r.hourMs === Date.UTC(2026, 10, 23, 10)).length, 0);
    assert.ok(read.dropped >= 4, `dropped ${read.dropped}`);
    const uccle = read.readings.find((r) => r.site === '41R012')!;
    assert.deepEqual([uccle.lat, uccle.lon], [50.796667, 4.358611], 'positions come from `stations`');
  });

  test('a station missing from `stations` is not read; the others are', async () => {
    const list = JSON.parse(fixture('ircel-stations.json').toString('utf8')) as unknown[];
    replay.on(stations, { body: JSON.stringify(list.slice(1)) });
    replay.on(data, { body: fixture('ircel-getdata.json') });
    const read = await ircel().read(NOW, []);
    assert.equal(read.readings.filter((r) => r.site === '41R012').length, 0);
    assert.ok(read.readings.some((r) => r.site === '41R001'));
  });

  test('empty `values` everywhere is a failed poll, not an empty success', async () => {
    replay.on(stations, { body: fixture('ircel-stations.json') });
    replay.on(data, { body: '{"6522":{"values":[]},"10744":{"values":[]}}' });
    const error = await failure(ircel().read(NOW, []));
    assert.equal(error.outcome, 'invalid_body');
  });

  test('a body of the wrong shape is refused with where it went wrong', async () => {
    replay.on(stations, { body: '[{"properties":{"id":1,"label":"x"}}]' });
    const error = await failure(ircel().read(NOW, []));
    assert.equal(error.outcome, 'invalid_body');
    assert.match(error.message, /stations: unexpected body/);
  });
});

describe('Open-Meteo forecast and air quality', () => {
  test('asks in m/s and GMT, normalises units, shifts the preceding-hour variables, drops null and 85 °C alone', async () => {
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast.json') });
    const read = await meteo().read(NOW, BRUSSELS);
    const url = replay.lastUrl('/v1/forecast')!;
    assert.equal(url.searchParams.get('wind_speed_unit'), 'ms');
    assert.equal(url.searchParams.get('timezone'), 'GMT');
    assert.equal(url.searchParams.get('past_hours'), '24');
    assert.deepEqual(at(read.readings, '50.8500,4.3500', 'ta_c'), [
      ['00:00', 5.1],
      ['01:00', 4.8],
      ['02:00', 4.6],
      ['04:00', 4.2],
    ]);
    // gusts are the maximum of the preceding hour: the 01:00 value is the 00:00 hour's
    assert.deepEqual(at(read.readings, '50.8500,4.3500', 'gust_ms').slice(0, 2), [
      ['23:00', 7.1],
      ['00:00', 7.9],
    ]);
    assert.deepEqual(at(read.readings, '50.8500,4.3500', 'wind_ms')[0], ['00:00', 3.2]);
    assert.equal(read.dropped, 2);
  });

  test('wind in km/h (the provider default) is converted to m/s', async () => {
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast-kmh.json') });
    const read = await meteo().read(NOW, BRUSSELS);
    for (const [, v] of at(read.readings, '50.8500,4.3500', 'wind_ms')) assert.equal(v, 10);
  });

  test('a daylight-saving day in GMT gives 24 distinct consecutive UTC hours', async () => {
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast-dst-day.json') });
    const read = await meteo().read(NOW, BRUSSELS);
    const hours = read.readings.filter((r) => r.quantity === 'ta_c').map((r) => r.hourMs);
    assert.equal(new Set(hours).size, 24);
    assert.equal(hours[0], Date.UTC(2026, 2, 29, 0));
    for (let i = 1; i < 24; i++) assert.equal(hours[i]! - hours[i - 1]!, HOUR);
  });

  test('a customer host keeps its key in the query (commercial use)', async () => {
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast.json') });
    await createOpenMeteoClient({ host: `${replay.url}/?apikey=KEY123`, http: POLICY }).read(NOW, BRUSSELS);
    assert.equal(replay.lastUrl('/v1/forecast')!.searchParams.get('apikey'), 'KEY123');
  });

  test('CAMS in μg/m³ (Greek mu) reads as µg/m³; trailing nulls are dropped', async () => {
    replay.on('/v1/air-quality', { body: fixture('open-meteo-air-quality.json') });
    const read = await airQuality().read(NOW, BRUSSELS);
    assert.equal(replay.lastUrl('/v1/air-quality')!.searchParams.get('domains'), 'cams_europe');
    assert.deepEqual(at(read.readings, '50.8500,4.3500', 'no2'), [
      ['00:00', 28.4],
      ['01:00', 26.1],
      ['02:00', 24],
      ['03:00', 22.9],
    ]);
    assert.equal(read.dropped, 8);
  });

  test('several points: one call, one location each', async () => {
    const one = JSON.parse(fixture('open-meteo-forecast.json').toString('utf8'));
    replay.on('/v1/forecast', { body: JSON.stringify([one, { ...one, latitude: 50.4 }]) });
    const read = await meteo().read(NOW, [...BRUSSELS, { lat: 50.41, lon: 4.44 }]);
    assert.equal(replay.lastUrl('/v1/forecast')!.searchParams.get('latitude'), '50.8500,50.4100');
    assert.ok(read.readings.some((r) => r.site === '50.4100,4.4400'));
  });
});

describe('failures: every one is a FeedError naming what went wrong', () => {
  const cases: Array<[string, Parameters<FeedReplay['on']>[1], FeedError['outcome'], RegExp]> = [
    ['500', { status: 500, body: 'oops' }, 'http_error', /answered 500/],
    ['502', { status: 502, body: fixture('maintenance.html') }, 'http_error', /answered 502/],
    ['503', { status: 503 }, 'http_error', /answered 503/],
    ['504', { status: 504 }, 'http_error', /answered 504/],
    ['200 with an HTML page', { body: fixture('maintenance.html') }, 'invalid_body', /not JSON.*<!DOCTYPE/],
    ['200 with a bare nan', { body: fixture('nan.txt') }, 'invalid_body', /not JSON \(starts with 'nan'\)/],
    [
      'a body cut mid-way',
      { body: fixture('open-meteo-forecast.json'), cutAfterBytes: 120 },
      'network',
      /cut off/,
    ],
    [
      'no answer in time',
      { body: fixture('open-meteo-forecast.json'), delayMs: 1500 },
      'timeout',
      /within 400 ms/,
    ],
    [
      'values far outside physical ranges only',
      {
        body: '{"latitude":50.8,"longitude":4.3,"utc_offset_seconds":0,"hourly_units":{"temperature_2m":"°C"},"hourly":{"time":["2026-11-26T00:00"],"temperature_2m":[9999]}}',
      },
      'invalid_body',
      /no usable value/,
    ],
  ];
  for (const [name, answer, outcome, message] of cases) {
    test(name, async () => {
      replay.on('/v1/forecast', answer);
      const error = await failure(meteo().read(NOW, BRUSSELS));
      assert.equal(error.outcome, outcome);
      assert.match(error.message, message);
      assert.doesNotMatch(error.message, /latitude|127\.0\.0\.1/, 'no query or host in the reason');
    });
  }

  test('5xx and timeouts are retried a bounded number of times; a later good answer wins', async () => {
    const before = replay.hits('/v1/forecast');
    let calls = 0;
    replay.on('/v1/forecast', () =>
      ++calls < 3 ? { status: 503 } : { body: fixture('open-meteo-forecast.json') },
    );
    const read = await meteo().read(NOW, BRUSSELS);
    assert.ok(read.readings.length > 0);
    assert.equal(replay.hits('/v1/forecast') - before, 3);
    replay.on('/v1/forecast', { status: 503 });
    const start = replay.hits('/v1/forecast');
    await failure(meteo().read(NOW, BRUSSELS));
    assert.equal(replay.hits('/v1/forecast') - start, 3, 'one try and two retries');
  });

  test('429: a short Retry-After is waited for and the call repeated', async () => {
    let calls = 0;
    replay.on('/v1/forecast', () =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: fixture('open-meteo-429.json') }
        : { body: fixture('open-meteo-forecast.json') },
    );
    const started = Date.now();
    const read = await meteo().read(NOW, BRUSSELS);
    assert.ok(read.readings.length > 0);
    assert.ok(Date.now() - started >= 900, 'waited as asked');
  });

  test("429: a long Retry-After ends the poll at once with the provider's reason and the wait", async () => {
    const start = replay.hits('/v1/forecast');
    replay.on('/v1/forecast', {
      status: 429,
      headers: { 'retry-after': '3600' },
      body: fixture('open-meteo-429.json'),
    });
    const error = await failure(meteo().read(NOW, BRUSSELS));
    assert.equal(error.outcome, 'rate_limited');
    assert.equal(error.retryAfterMs, 3_600_000);
    assert.match(error.message, /Minutely API request limit exceeded/);
    assert.equal(replay.hits('/v1/forecast') - start, 1, 'not asked again');
  });

  test('the circuit breaker leaves a failing provider alone for its cool-down, then tries once', async () => {
    let now = 0;
    const client = withCircuitBreaker(
      createOpenMeteoClient({ host: replay.url, http: { ...POLICY, retries: 0 } }),
      { threshold: 3, openMs: 60_000, clock: () => now },
    );
    replay.on('/v1/forecast', { status: 503 });
    const start = replay.hits('/v1/forecast');
    for (let i = 0; i < 3; i++) await failure(client.read(NOW, BRUSSELS));
    assert.equal((await failure(client.read(NOW, BRUSSELS))).outcome, 'circuit_open');
    assert.equal(replay.hits('/v1/forecast') - start, 3, 'the open circuit did not call');
    now += 60_001;
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast.json') });
    assert.ok((await client.read(NOW, BRUSSELS)).readings.length > 0, 'half-open try succeeds and closes');
  });

  test('an open circuit probes once, without retries, at the next poll; the first good answer closes it', async () => {
    let now = 0;
    const pollMs = 60_000;
    const client = withCircuitBreaker(createOpenMeteoClient({ host: replay.url, http: POLICY }), {
      threshold: 3,
      openMs: pollMs / 2,
      probe: createOpenMeteoClient({ host: replay.url, http: { ...POLICY, retries: 0 } }),
      clock: () => now,
    });
    replay.on('/v1/forecast', { status: 503 });
    for (let i = 0; i < 3; i++) {
      await failure(client.read(NOW, BRUSSELS));
      now += pollMs;
    }
    // every later poll asks the provider once (the probe), never the three times of a retried read
    for (let i = 0; i < 3; i++) {
      const start = replay.hits('/v1/forecast');
      assert.equal((await failure(client.read(NOW, BRUSSELS))).outcome, 'http_error', 'the poll probed');
      assert.equal(replay.hits('/v1/forecast') - start, 1);
      now += pollMs;
    }
    replay.on('/v1/forecast', { body: fixture('open-meteo-forecast.json') });
    assert.ok(
      (await client.read(NOW, BRUSSELS)).readings.length > 0,
      'back at the first poll after the outage',
    );
    // closed again: a failure is retried as before
    replay.on('/v1/forecast', { status: 503 });
    const start = replay.hits('/v1/forecast');
    await failure(client.read(NOW, BRUSSELS));
    assert.equal(replay.hits('/v1/forecast') - start, 3);
  });
});
