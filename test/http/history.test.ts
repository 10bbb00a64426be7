import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { createFeedStore } from '../../src/adapters/store/feed-store.ts';
import { createReferenceStore } from '../../src/adapters/store/reference-store.ts';
import { METEO_QUANTITIES, type Reading } from '../../src/domain/live/readings.ts';
import { type ReferenceYear, referenceVersion } from '../../src/domain/live/reference-year.ts';
import { type FedStation, fed, fedFeeds } from '../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #50, `GET /v1/history`, through HTTP against the feeds stand-in (its 36-hour
 * look-back) polled over a few hours of an injected clock: the records from 30 hours ago
 * to the latest hour follow the fed series hour by hour at a station and say which hours
 * were observed; older stored hours stand on their own day's readings; NDJSON and CSV
 * parse, gzip when asked; a backfilled year's hours are served; a range outside what is
 * kept is a 400 saying what is kept.
 */
const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20, 9, 20);
const STATIONS: FedStation[] = [
  { label: '41R001 - Molenbeek', lat: 50.84971056, lon: 4.33410368, factor: 1 },
  { label: '41B004 - Sainte-Catherine', lat: 50.85205998, lon: 4.3477775, factor: 1.4 },
];
const STATION = STATIONS[1]!;
let now = START;
const clock = () => now;
const feeds = fedFeeds({ clock, stations: STATIONS });
const served = (hourMs: number) => Math.round(feeds.no2Of(STATION, hourMs) * 10) / 10;
const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
const latestAt = (ms: number) => Math.floor(ms / HOUR) * HOUR - HOUR;
/** the first poll's forecast answer starts 24 hours before its hour */
const FIRST_FED_METEO = Math.floor(START / HOUR) * HOUR - 24 * HOUR;

let replay: FeedReplay;
let service: TestService;
let key: string;

interface HistoryRecord {
  hour: string;
  timestamp: string;
  c: number;
  air_temp_c: number;
  wind_10m_ms: number;
  basis: string;
}

async function history(query: string, headers: Record<string, string> = {}) {
  return service.composition.app.inject({
    url: `/v1/history?lat=${STATION.lat}&lon=${STATION.lon}&${query}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
  });
}

before(async () => {
  replay = await startFeedReplay();
  replay.on('/sos/api/v1/stations', feeds.ircelStations);
  replay.on('/sos/api/v1/timeseries/getData', feeds.ircelData);
  replay.on('/v1/forecast', feeds.openMeteoForecast);
  replay.on('/v1/air-quality', feeds.openMeteoAirQuality);
  service = await startTestService(
    {
      FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
      FEED_OPENMETEO_URL: replay.url,
      FEED_OPENMETEO_AQ_URL: replay.url,
      FEED_POLL_S: '1',
      CITIES_POLL_MS: '500',
    },
    { clock },
  );
  key = await service.createKey(['--rate-per-min', '100000']);
  // a few hours of polls: the clock steps an hour once the service holds the current one
  for (let step = 0; step < 3; step++) {
    now = START + step * HOUR;
    await until(
      async () => {
        const response = await service.composition.app.inject({
          url: `/v1/stations/41B004/history?from=${iso(latestAt(now))}&to=${iso(latestAt(now))}`,
          headers: { authorization: `Bearer ${key}` },
        });
        return response.statusCode === 200 && response.json().hourly.length === 1 ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: `the hour before ${iso(now)} stored` },
    );
  }
  // the model holds the newest hour too
  await until(
    async () => {
      const response = await service.composition.app.inject({
        url: `/v1/realtime?lat=${STATION.lat}&lon=${STATION.lon}`,
        headers: { authorization: `Bearer ${key}` },
      });
      const answer = response.json();
      const fresh = answer.meta.sources.some(
        (s: { id: string; status: string }) => s.id === 'ircel-celine' && s.status === 'fresh',
      );
      return fresh && Date.parse(answer.hourly.at(-1).hour) === latestAt(now) ? true : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'the model on the newest hour' },
  );
});

after(async () => {
  await service?.close();
  await replay?.close();
});

test('from 30 hours ago to now: the fed series hour by hour, the observed hours said', async () => {
  const latest = latestAt(now);
  const from = latest - 30 * HOUR;
  const response = await history(`from=${iso(from)}&to=${iso(latest)}`);
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /application\/json/);
  const body = response.json() as {
    meta: { hours: number; sources: Array<{ id: string }>; kept: { stored_to: string } };
    hourly: HistoryRecord[];
  };
  assert.equal(body.meta.hours, 31);
  assert.equal(body.hourly.length, 31);
  assert.equal(body.meta.kept.stored_to, iso(latest));
  assert.ok(body.meta.sources.some((s) => s.id === 'ircel-celine'));
  body.hourly.forEach((record, i) => {
    const hourMs = from + i * HOUR;
    assert.equal(Number(record.timestamp), hourMs);
    if (hourMs === feeds.badHour) {
      // the implausible reading was dropped: no station measured that hour
      assert.equal(record.basis, 'assimilated', `${record.hour}`);
      return;
    }
    assert.equal(record.basis, 'observed', record.hour);
    assert.ok(
      Math.abs(record.c - served(hourMs)) <= 0.05 + 1e-9,
      `${record.hour}: ${record.c} vs fed ${served(hourMs)}`,
    );
    // Open-Meteo's stand-in serves the past 24 hours: the meteorology of older hours was never fed
    if (hourMs < FIRST_FED_METEO) return;
    assert.ok(
      Math.abs(record.air_temp_c - fed.temperatureC(hourMs)) < 3,
      `${record.hour}: ${record.air_temp_c} °C`,
    );
    assert.ok(Math.abs(record.wind_10m_ms - fed.windMs) < 0.5, `${record.hour}: wind`);
  });
});

/** a stored day's meteorology, unlike anything the stand-in or the generator says */
const STORED_METEO: Record<string, number> = {
  ta_c: -4,
  rh_pct: 85,
  wind_ms: 7,
  wind_dir_deg: 45,
  gust_ms: 11,
  ghi_wm2: 0,
  cloud_pct: 90,
};
const STORED_NO2 = 62;

test("stored hours older than the held ones stand on their own day's readings", async () => {
  // ten days back: long before the stand-in's look-back, well within FEED_RETENTION_DAYS
  const day = Math.floor(START / HOUR) * HOUR - 10 * 24 * HOUR;
  const gap = day + 7 * HOUR;
  const readings: Reading[] = [];
  // the day and six hours either side, as a poll of those hours would have stored them
  for (let h = day - 6 * HOUR; h <= day + 30 * HOUR; h += HOUR) {
    for (const quantity of METEO_QUANTITIES)
      readings.push({
        feed: 'open-meteo',
        site: 'bxl',
        quantity,
        hourMs: h,
        value: STORED_METEO[quantity]!,
        lat: 50.85,
        lon: 4.35,
      });
    if (h !== gap)
      readings.push({
        feed: 'ircel-celine',
        site: '41B004',
        quantity: 'no2',
        hourMs: h,
        value: STORED_NO2,
        lat: STATION.lat,
        lon: STATION.lon,
      });
  }
  await createFeedStore(service.composition.database.db).save(readings);

  const response = await history(`from=${iso(day)}&to=${iso(day + 23 * HOUR)}`);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json() as {
    meta: { sources: Array<{ id: string; as_of: string | null; status: string }> };
    hourly: HistoryRecord[];
  };
  assert.equal(body.hourly.length, 24);
  const station = body.meta.sources.find((s) => s.id === 'ircel-celine');
  assert.equal(station?.as_of, new Date(day + 23 * HOUR).toISOString(), 'the newest stored hour asked');
  assert.ok(!body.meta.sources.some((s) => s.id === 'synthetic'), JSON.stringify(body.meta.sources));
  body.hourly.forEach((record, i) => {
    const hourMs = day + i * HOUR;
    assert.equal(Number(record.timestamp), hourMs);
    assert.equal(record.basis, hourMs === gap ? 'assimilated' : 'observed', record.hour);
    assert.ok(
      Math.abs(record.air_temp_c - STORED_METEO.ta_c!) < 1.5,
      `${record.hour}: ${record.air_temp_c} °C`,
    );
    assert.ok(
      Math.abs(record.wind_10m_ms - STORED_METEO.wind_ms!) < 0.5,
      `${record.hour}: wind ${record.wind_10m_ms}`,
    );
    if (hourMs !== gap)
      assert.ok(
        Math.abs(record.c - STORED_NO2) <= 0.05 + 1e-9,
        `${record.hour}: ${record.c} vs stored ${STORED_NO2}`,
      );
  });

  // a day nothing was stored for is the generator's, and says so
  const empty = day - 2 * 24 * HOUR;
  const bare = (await history(`from=${iso(empty)}&to=${iso(empty + 23 * HOUR)}`)).json() as {
    meta: { sources: Array<{ id: string }> };
    hourly: HistoryRecord[];
  };
  assert.ok(bare.hourly.every((r) => r.basis === 'synthetic'));
  assert.ok(bare.meta.sources.some((s) => s.id === 'synthetic'));
});

test('NDJSON and CSV parse (gzip when accepted) and carry the same records', async () => {
  const latest = latestAt(now);
  const range = `from=${iso(latest - 5 * HOUR)}&to=${iso(latest)}`;
  const json = (await history(range)).json() as { hourly: HistoryRecord[] };
  const ndjson = await history(`${range}&format=ndjson`, { 'accept-encoding': 'gzip' });
  assert.equal(ndjson.statusCode, 200);
  assert.equal(ndjson.headers['content-encoding'], 'gzip');
  assert.match(String(ndjson.headers['content-type']), /application\/x-ndjson/);
  const lines = gunzipSync(ndjson.rawPayload)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.ok(lines[0].meta && lines[0].city, 'the envelope first');
  assert.deepEqual(lines.slice(1), json.hourly);

  const csv = await history(`${range}&format=csv`);
  assert.equal(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /text\/csv/);
  const [header, ...rows] = csv.body.trim().split('\n');
  const columns = header!.split(',');
  assert.ok(columns.includes('hour') && columns.includes('c') && columns.includes('basis'));
  assert.equal(rows.length, 6);
  rows.forEach((row, i) => {
    const cells = row.split(',');
    assert.equal(cells.length, columns.length);
    const record = json.hourly[i]!;
    assert.equal(cells[columns.indexOf('hour')], record.hour);
    assert.equal(Number(cells[columns.indexOf('c')]), record.c);
    assert.equal(cells[columns.indexOf('basis')], record.basis);
  });
});

test('a range outside what is kept is refused saying what is kept; other refusals say how to fix them', async () => {
  const old = await history('from=2021-03-01T00:00Z&to=2021-03-02T00:00Z');
  assert.equal(old.statusCode, 400);
  assert.equal(old.json().code, 'validation_error');
  assert.match(old.json().detail, /stored hours from \d{4}-\d\d-\d\dT\d\d:00Z to/);
  const ahead = await history(`from=${iso(latestAt(now))}&to=${iso(latestAt(now) + 5 * HOUR)}`);
  assert.equal(ahead.statusCode, 400);
  const long = await history('from=2026-09-01T00:00Z&to=2026-10-15T00:00Z');
  assert.equal(long.statusCode, 400);
  assert.match(long.json().detail, /at most 31 days/);
  const outside = await service.composition.app.inject({
    url: `/v1/history?lat=48.85&lon=2.35&from=${iso(latestAt(now))}&to=${iso(latestAt(now))}`,
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(outside.statusCode, 422);
});

test("a backfilled year's hours are served, observed where its station measured", async () => {
  const year = 2024;
  const start = Date.UTC(year, 0, 1);
  const hours = Array.from({ length: (Date.UTC(year + 1, 0, 1) - start) / HOUR }, (_, i) => start + i * HOUR);
  const gap = Date.UTC(year, 5, 1, 5);
  const meteoValue: Record<string, number> = {
    ta_c: 15,
    rh_pct: 70,
    wind_ms: 4,
    wind_dir_deg: 225,
    gust_ms: 7,
    ghi_wm2: 100,
    cloud_pct: 50,
  };
  const body: Omit<ReferenceYear, 'version'> = {
    domain: 'brussels',
    year,
    meteo: [
      {
        lat: 50.85,
        lon: 4.35,
        series: Object.fromEntries(
          METEO_QUANTITIES.map((q) => [q, hours.map((h) => [h, meteoValue[q]!] as const)]),
        ),
      },
    ],
    stations: [
      {
        id: '41B004',
        lat: STATION.lat,
        lon: STATION.lon,
        series: { no2: hours.filter((h) => h !== gap).map((h) => [h, 30] as const) },
      },
    ],
    newestMeteoMs: hours.at(-1)!,
    newestAirMs: hours.at(-1)!,
  };
  await createReferenceStore(service.composition.database.db).activate(
    [{ year: { ...body, version: referenceVersion(body) }, summary: 'test year' }],
    now,
  );
  const from = Date.UTC(year, 5, 1, 0);
  const range = `from=${iso(from)}&to=${iso(from + 23 * HOUR)}`;
  const response = await until(
    async () => {
      const answer = await history(range);
      return answer.statusCode === 200 ? answer : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500, what: 'the backfilled year taken' },
  );
  const answer = response.json() as {
    meta: { kept: { backfilled_year: number }; sources: Array<{ id: string }> };
    hourly: HistoryRecord[];
  };
  assert.equal(answer.meta.kept.backfilled_year, year);
  assert.ok(answer.meta.sources.some((s) => s.id === 'open-meteo-archive'));
  assert.equal(answer.hourly.length, 24);
  answer.hourly.forEach((record, i) => {
    const hourMs = from + i * HOUR;
    assert.equal(Number(record.timestamp), hourMs);
    assert.equal(record.basis, hourMs === gap ? 'assimilated' : 'observed', record.hour);
    assert.ok(
      Math.abs(record.wind_10m_ms - 4) < 0.5,
      `${record.hour}: the year's wind, ${record.wind_10m_ms}`,
    );
  });
});
