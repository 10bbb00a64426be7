import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { fedFeeds } from '../helpers/fed-series.ts';
import { type FeedReplay, startFeedReplay } from '../helpers/feed-replay.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { smogAirQuality } from '../helpers/smog.ts';
import { until } from '../helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Issue #51, "Done when": with the feeds pointed at a stand-in whose CAMS forecast
 * crosses a threshold at a place, a local receiver gets one signed `alert.triggered`
 * (first hour, peak, records, meta.sources) within a few polls of the change, and one
 * `alert.cleared` once the stand-in drops again; polls that change nothing send nothing.
 * The model bounds what CAMS does to its air (a capped log offset that fades with lead
 * time: docs/live-data.md), so a tenfold CAMS PM2.5 about doubles the forecast's: the
 * threshold is set 3 µg/m³ above the clean forecast's highest PM2.5 at the place, which
 * the smog forecast crosses and the clean one never reaches.
 */
const GRAND_PLACE = { lat: 50.8467, lon: 4.3525 };

let replay: FeedReplay;
let service: TestService;
let receiver: WebhookReceiver;
let key: string;
let smog = false;

before(async () => {
  const feeds = fedFeeds();
  replay = await startFeedReplay();
  replay.on('/v1/forecast', feeds.openMeteoForecast);
  replay.on(
    '/v1/air-quality',
    smogAirQuality(feeds.openMeteoAirQuality, () => smog),
  );
  service = await startTestService({
    FEED_OPENMETEO_URL: replay.url,
    FEED_OPENMETEO_AQ_URL: replay.url,
    FEED_POLL_S: '2',
    ALERTS_ALLOW_PRIVATE_URLS: '1',
    COMPUTE_DEADLINE_MS: '280000',
  });
  key = await service.createKey(['--rate-per-min', '10000']);
  receiver = await startWebhookReceiver();
});
after(async () => {
  await service?.close();
  await receiver?.close();
  await replay?.close();
});

const events = () => receiver.received.map((r) => ({ ...r, event: JSON.parse(r.body) }));

async function forecastPm25(): Promise<number[]> {
  const response = await service.composition.app.inject({
    url: `/v1/forecast?lat=${GRAND_PLACE.lat}&lon=${GRAND_PLACE.lon}`,
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().hourly.map((r: { c_pm25: number }) => r.c_pm25);
}

test('a CAMS forecast crossing a PM2.5 threshold triggers one signed alert, cleared when it drops', async () => {
  await until(() => replay.hits('/v1/air-quality') >= 2, { timeoutMs: 60_000, what: 'two CAMS polls' });
  const threshold = Math.ceil(Math.max(...(await forecastPm25())) + 3);
  const created = await service.composition.app.inject({
    method: 'POST',
    url: '/v1/alerts',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...GRAND_PLACE,
      url: receiver.url('/smog'),
      conditions: [{ metric: 'air', field: 'pm25', op: 'gte', value: threshold }],
    }),
  });
  assert.equal(created.statusCode, 201, created.body);
  const { id, secret } = created.json();

  // clean air first: evaluations run (feeds poll every 2 s), nothing is sent
  await new Promise((resolve) => setTimeout(resolve, 6000));
  assert.deepEqual(events(), [], 'no alert while the air is clean');

  smog = true;
  const triggered = await until(() => events().find((e) => e.event.type === 'alert.triggered'), {
    timeoutMs: 90_000,
    intervalMs: 250,
    what: 'alert.triggered',
  });
  const [t, v1] = String(triggered.headers['svc-signature']).replace('t=', '').split(',v1=');
  assert.equal(
    createHmac('sha256', secret).update(`${t}.${triggered.body}`).digest('hex'),
    v1,
    'signature verifies',
  );
  const { event } = triggered;
  assert.equal(event.subscription_id, id);
  assert.ok(event.data.peak.value >= threshold, JSON.stringify(event.data.peak));
  assert.ok(Date.parse(event.data.first_hour) <= Date.parse(event.data.peak.hour));
  assert.ok(event.data.records.length >= 1);
  assert.ok(event.data.records.every((r: { c_pm25: number }) => r.c_pm25 >= threshold));
  assert.ok(event.data.meta.sources.some((s: { id: string }) => s.id === 'open-meteo-air-quality'));

  // more polls of the same smog: still one episode, one event
  const pollsThen = replay.hits('/v1/air-quality');
  await until(() => replay.hits('/v1/air-quality') >= pollsThen + 3, {
    timeoutMs: 60_000,
    what: 'three more polls',
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  assert.equal(events().filter((e) => e.event.type === 'alert.triggered').length, 1);

  smog = false;
  const cleared = await until(() => events().find((e) => e.event.type === 'alert.cleared'), {
    timeoutMs: 90_000,
    intervalMs: 250,
    what: 'alert.cleared',
  });
  assert.equal(cleared.event.subscription_id, id);
  assert.notEqual(cleared.event.id, event.id);
  assert.deepEqual(
    events().map((e) => e.event.type),
    ['alert.triggered', 'alert.cleared'],
  );
});
