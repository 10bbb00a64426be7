import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fedFeeds } from '../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue #49 item 2: the map catalog says what its "now" and forecast steps stand on, as
 * the data answers' meta.sources do, so a map page can say so on its face: generated
 * weather without feeds; with feeds, their credits and `as_of`.
 */
interface Source {
  id: string;
  kind: string;
  status: string;
  as_of: string | null;
  attribution?: string;
}
interface Catalog {
  sources?: { realtime?: Source[]; forecast: Source[] };
}

async function catalogOf(service: TestService, key: string): Promise<Catalog> {
  const response = await service.composition.app.inject({
    url: '/v1/map/brussels',
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Catalog;
}

describe('the map catalog names the sources of its steps', () => {
  let plain: TestService;
  let fed: TestService;
  let replay: FeedReplay;
  before(async () => {
    plain = await startTestService();
    replay = await startFeedReplay();
    const feeds = fedFeeds();
    replay.on('/sos/api/v1/stations', feeds.ircelStations);
    replay.on('/sos/api/v1/timeseries/getData', feeds.ircelData);
    replay.on('/v1/forecast', feeds.openMeteoForecast);
    replay.on('/v1/air-quality', feeds.openMeteoAirQuality);
    fed = await startTestService({
      FEED_OPENMETEO_URL: replay.url,
      FEED_OPENMETEO_AQ_URL: replay.url,
      FEED_IRCEL_URL: `${replay.url}/sos/api/v1`,
      FEED_POLL_S: '1',
    });
  });
  after(async () => {
    await fed?.close();
    await plain?.close();
    await replay?.close();
  });

  test('without feeds: the now step and the forecast are generated weather', async () => {
    const key = await plain.createKey(['--rate-per-min', '1000']);
    const { sources } = await catalogOf(plain, key);
    assert.ok(sources?.realtime && sources.realtime.length > 0, JSON.stringify(sources));
    assert.ok(sources.forecast.length > 0);
    for (const source of [...sources.realtime, ...sources.forecast]) {
      assert.equal(source.id, 'synthetic');
      assert.equal(source.kind, 'synthetic');
      assert.ok(source.as_of && Number.isFinite(Date.parse(source.as_of)));
    }
  });

  test('with feeds: each feed with its credit and the time of its newest value', async () => {
    const key = await fed.createKey(['--rate-per-min', '1000']);
    const sources = await until(
      async () => {
        const body = await catalogOf(fed, key);
        const live = (body.sources?.realtime ?? []).filter((source) => source.status === 'fresh');
        return live.length > 0 ? body.sources : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'a fresh feed behind the now step' },
    );
    const ircel = sources?.realtime?.find((source) => source.id === 'ircel-celine');
    assert.ok(ircel, JSON.stringify(sources));
    assert.equal(ircel.kind, 'observation');
    assert.match(String(ircel.attribution), /IRCEL-CELINE/);
    assert.ok(ircel.as_of && Number.isFinite(Date.parse(ircel.as_of)));
    const forecast = sources?.forecast.find((source) => source.id === 'open-meteo');
    assert.ok(forecast, JSON.stringify(sources?.forecast));
    assert.match(String(forecast.attribution), /Open-Meteo/);
  });
});
