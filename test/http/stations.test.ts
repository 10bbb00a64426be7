import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type FedStation, fedFeeds } from '../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #50 through HTTP against the feeds stand-in: `/v1/stations` lists the stations it
 * serves with their latest values equal to what was fed and the model's value beside
 * them; `/v1/stations/{id}/history` gives each stored hour as fed; `meta.nearest_station`
 * names the nearest station in /realtime and /forecast; the refusals say how to fix them.
 */
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 10, 20);
const STATIONS: FedStation[] = [
  { label: '41R001 - Molenbeek', lat: 50.84971056, lon: 4.33410368, factor: 1 },
  { label: '41B004 - Sainte-Catherine', lat: 50.85205998, lon: 4.3477775, factor: 1.4 },
  { label: '42R803 - Antwerpen (Park Spoor Noord)', lat: 51.2286, lon: 4.4285, factor: 0.8 },
];
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };
const clock = () => NOW;
const feeds = fedFeeds({ clock, stations: STATIONS });
const latest = Math.floor(NOW / HOUR) * HOUR - HOUR;
const served = (station: FedStation, hourMs: number) => Math.round(feeds.no2Of(station, hourMs) * 10) / 10;

let replay: FeedReplay;
let service: TestService;
let key: string;

interface Station {
  id: string;
  name: string;
  lat: number;
  pollutants: string[];
  city: string | null;
  latest: { hour: string; measured: { no2?: number }; modelled: { no2?: number } } | null;
}
// biome-ignore lint/suspicious/noExplicitAny: a JSON body the test reads field by field (its shape is the OpenAPI document's)
type Json = any;

async function get(url: string, withKey = key): Promise<{ status: number; body: Json }> {
  const response = await service.composition.app.inject({
    url,
    headers: { authorization: `Bearer ${withKey}` },
  });
  return { status: response.statusCode, body: response.json() };
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
    },
    { clock },
  );
  key = await service.createKey(['--rate-per-min', '100000']);
});

after(async () => {
  await service?.close();
  await replay?.close();
});

test('/v1/stations lists the fed stations, their latest values as fed, the model beside them', async () => {
  const answer = await until(
    async () => {
      const { status, body } = await get('/v1/stations');
      assert.equal(status, 200, JSON.stringify(body));
      return body.stations.length === STATIONS.length &&
        body.stations.every((s: Station) => s.latest !== null)
        ? body
        : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'every station with a latest hour' },
  );
  assert.match(answer.attribution, /IRCEL-CELINE/);
  for (const station of STATIONS) {
    const [code, name] = station.label.split(' - ');
    const listed = answer.stations.find((s: Station) => s.id === code);
    assert.ok(listed, `${code} listed`);
    assert.equal(listed.name, name);
    assert.equal(listed.lat, station.lat);
    assert.deepEqual(listed.pollutants, ['no2']);
    assert.equal(listed.latest.hour, new Date(latest).toISOString().replace(':00.000Z', 'Z'));
    assert.equal(listed.latest.measured.no2, served(station, latest), `${code}: the fed value`);
    assert.equal(typeof listed.latest.modelled.no2, 'number', `${code}: the model's value beside`);
    assert.ok(listed.latest.modelled.no2 > 0);
  }
  const inBrussels = answer.stations.filter((s: Station) => s.city === 'brussels').map((s: Station) => s.id);
  assert.deepEqual(inBrussels.sort(), ['41B004', '41R001']);
  assert.equal(answer.stations.find((s: Station) => s.id === '42R803').city, null);

  const brussels = await get('/v1/stations?city=brussels');
  assert.deepEqual(brussels.body.stations.map((s: Station) => s.id).sort(), ['41B004', '41R001']);
  const unknown = await get('/v1/stations?city=atlantis');
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.detail, /GET \/v1\/cities/);
});

test("a station's history is its stored hours as fed; a range beyond what is kept is refused", async () => {
  const from = new Date(latest - 30 * HOUR).toISOString();
  const to = new Date(latest).toISOString();
  const { status, body } = await get(`/v1/stations/41B004/history?from=${from}&to=${to}`);
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(body.station.name, 'Sainte-Catherine');
  const byHour = new Map(
    body.hourly.map((r: { timestamp: string; no2?: number }) => [Number(r.timestamp), r.no2]),
  );
  for (let h = latest - 30 * HOUR; h <= latest; h += HOUR) {
    if (h === feeds.badHour) {
      assert.equal(byHour.has(h), false, 'the implausible hour was never stored');
      continue;
    }
    assert.equal(byHour.get(h), served(STATIONS[1]!, h), new Date(h).toISOString());
  }
  const old = await get(`/v1/stations/41B004/history?from=2020-01-01T00:00Z&to=2020-01-02T00:00Z`);
  assert.equal(old.status, 400);
  assert.match(old.body.detail, /kept from \d{4}-\d\d-\d\dT\d\d:00Z/);
  const long = await get(`/v1/stations/41B004/history?from=2026-10-01T00:00Z&to=2026-11-15T00:00Z`);
  assert.equal(long.status, 400);
  assert.match(long.body.detail, /at most 31 days/);
  const offHour = await get(`/v1/stations/41B004/history?from=2026-11-19T10:30Z&to=2026-11-20T00:00Z`);
  assert.equal(offHour.status, 400);
  assert.match(offHour.body.detail, /on the hour/);
  const missing = await get(`/v1/stations/99X999/history?from=${from}&to=${to}`);
  assert.equal(missing.status, 404);
});

test('/realtime and /forecast name the nearest station with its latest values', async () => {
  for (const product of ['realtime', 'forecast']) {
    const { status, body } = await get(`/v1/${product}?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`);
    assert.equal(status, 200);
    const nearest = body.meta.nearest_station;
    // Sainte-Catherine is ~0.6 km from the Grand-Place, Molenbeek ~1.3 km
    assert.equal(nearest.id, '41B004', product);
    assert.equal(nearest.name, 'Sainte-Catherine');
    assert.ok(nearest.distance_m > 400 && nearest.distance_m < 800, `${nearest.distance_m} m`);
    assert.equal(nearest.latest.measured.no2, served(STATIONS[1]!, latest));
  }
});

test('the stations need a key with the realtime product', async () => {
  const forecastOnly = await service.createKey(['--products', 'forecast']);
  const { status } = await get('/v1/stations', forecastOnly);
  assert.equal(status, 403);
});
