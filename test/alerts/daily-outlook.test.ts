import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestService, type TestService } from '../helpers/service.ts';
import { until } from '../helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Issue #51: the daily outlook arrives at its local hour, once, with tomorrow's maxima per
 * metric and the hours good to be outside. On an injected clock: 04:40 UTC on a winter
 * day is 05:40 in Brussels; the subscription asks for 06 h; the clock then turns the hour
 * (generated weather: the hour turning is new data) and the outlook comes.
 */
const START = Date.UTC(2026, 0, 14, 4, 40);
let now = START;
let service: TestService;
let receiver: WebhookReceiver;
let key: string;
before(async () => {
  service = await startTestService(
    { ALERTS_ALLOW_PRIVATE_URLS: '1', COMPUTE_DEADLINE_MS: '280000' },
    { clock: () => now },
  );
  key = await service.createKey(['--rate-per-min', '10000']);
  receiver = await startWebhookReceiver();
});
after(async () => {
  await service?.close();
  await receiver?.close();
});

test('outlook.daily at the local hour: tomorrow, maxima per metric, best hours; once a day', async () => {
  const created = await service.composition.app.inject({
    method: 'POST',
    url: '/v1/alerts',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      lat: 50.8467,
      lon: 4.3525,
      url: receiver.url('/outlook'),
      daily_outlook: { hour_local: 6 },
    }),
  });
  assert.equal(created.statusCode, 201, created.body);
  // 05:40 local: not yet
  await new Promise((resolve) => setTimeout(resolve, 5000));
  assert.equal(receiver.received.length, 0);
  now = START + 3_600_000; // 06:40 local
  const request = await until(() => receiver.received[0], {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: 'the outlook',
  });
  const event = JSON.parse(request.body);
  assert.equal(event.type, 'outlook.daily');
  assert.equal(event.data.date, '2026-01-15');
  for (const metric of ['air', 'wind', 'thermal']) assert.ok(event.data.maxima[metric], metric);
  assert.ok(event.data.maxima.air.belaqi.value >= 1 && event.data.maxima.air.belaqi.value <= 10);
  assert.equal(typeof event.data.maxima.thermal.utci.value, 'number');
  assert.ok(event.data.maxima.thermal.utci.hour.startsWith('2026-01-1'), event.data.maxima.thermal.utci.hour);
  assert.ok(Array.isArray(event.data.best_hours));
  assert.ok(event.data.meta.sources.length > 0);
  // the next hour of the same day sends no second outlook
  now = START + 2 * 3_600_000;
  await new Promise((resolve) => setTimeout(resolve, 6000));
  assert.equal(receiver.received.filter((r) => JSON.parse(r.body).type === 'outlook.daily').length, 1);
});
