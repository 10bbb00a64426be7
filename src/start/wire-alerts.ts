import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAlertStore } from '../adapters/store/alert-store.ts';
import type { Database } from '../adapters/store/schema.ts';
import { createAddressPolicy } from '../adapters/webhooks/address-policy.ts';
import { createWebhookSender } from '../adapters/webhooks/http-sender.ts';
import { createSecretBox, loadAlertsKey } from '../adapters/webhooks/secret-box.ts';
import type { Config } from '../config.ts';
import type { KeyRecord } from '../domain/keys/key-record.ts';
import type { AlertRecord } from '../domain/metrics/metric-module.ts';
import type { StoredSubscription } from '../services/alerts/alert-store-port.ts';
import { createDeliveryWorker } from '../services/alerts/delivery.ts';
import { createAlertEvaluator, type PlaceForecast } from '../services/alerts/evaluator.ts';
import { createAlertSubscriptions } from '../services/alerts/subscriptions.ts';
import type { Metrics } from '../services/ports/telemetry-port.ts';
import type { Foundation } from './foundation.ts';
import type { DataServices, Geocoding } from './wire-data.ts';
import type { Feeds } from './wire-feeds.ts';
import type { CitiesAndModel } from './wire-model.ts';

/**
 * Alerts (docs/alerts.md): the subscriptions behind /v1/alerts, the outbox's delivery
 * worker (every instance runs one: claims are leased, so each event goes out once), with
 * the SSRF policy the sender connects through and the box that seals the secrets.
 */
/** The outbox's store and its delivery, as the server and the CLI (`alerts test`) both build them. */
export async function alertDelivery(options: {
  config: Readonly<Config>;
  db: Kysely<Database>;
  clock: () => number;
  metrics?: Metrics;
  log?: { warn(fields: object, message: string): void };
}) {
  const { config, clock } = options;
  const store = createAlertStore(options.db);
  const secrets = createSecretBox(
    await loadAlertsKey({ dataDir: config.dataDir, configured: config.alerts.secretKey }),
  );
  const policy = createAddressPolicy({ allowPrivate: config.alerts.allowPrivateUrls });
  const delivery = createDeliveryWorker({
    store,
    sender: createWebhookSender({ policy }),
    secrets,
    clock,
    retryBaseMs: config.alerts.retryBaseMs,
    retryForMs: config.alerts.retryForMs,
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  return { store, secrets, policy, delivery };
}

export async function wireAlerts(
  { config, clock, stores, telemetry, log, closers }: Foundation,
  city: CitiesAndModel,
  geocoding: Geocoding,
  { records }: DataServices,
  { liveFeeds }: Feeds,
) {
  const { store, secrets, policy, delivery } = await alertDelivery({
    config,
    db: stores.database.db,
    clock,
    metrics: telemetry.metrics,
    log: log.child({ component: 'alerts' }),
  });
  const subscriptions = createAlertSubscriptions({
    store,
    secrets,
    targets: policy,
    cities: city.currentCities,
    resolveAddress: (address) => geocoding.resolveAddress(address),
    clock,
    allowPrivate: config.alerts.allowPrivateUrls,
    maxPerKey: config.alerts.maxPerKey,
  });
  const evaluator = createAlertEvaluator({
    store,
    forecast: placeForecasts(records, stores.keys, city, clock),
    // new feed values, the hour turning (generated weather), a new model or city
    dataVersion: () =>
      `${city.model.version}~${liveFeeds.live.key()}~${city.model.latestObservedHour(clock())}~${city.currentCities().generation}`,
    clock,
    onEnqueued: () => delivery.kick(),
    metrics: telemetry.metrics,
    log: log.child({ component: 'alerts' }),
    holder: randomUUID(),
  });
  closers.working.push({ name: 'alert evaluation', dependency: 'model', close: () => evaluator.close() });
  closers.working.push({
    name: 'alert delivery',
    dependency: 'webhook receivers',
    close: () => delivery.close(),
  });
  if (telemetry.metrics.enabled)
    telemetry.metrics.sample('svc_alert_outbox_depth', async () => [[{}, await store.outboxDepth()]]);
  return {
    store,
    subscriptions,
    delivery,
    evaluator,
    start() {
      delivery.start();
      evaluator.start();
    },
  };
}

/**
 * A subscription's forecast through the forecast's own path (cache, single flight, model
 * threads), as GET /forecast answers its key: null when the key is revoked or expired. The
 * keys are re-read every half minute (a revoked key's alerts stop).
 */
function placeForecasts(
  records: DataServices['records'],
  keys: Foundation['stores']['keys'],
  city: CitiesAndModel,
  clock: () => number,
): (subscription: StoredSubscription) => Promise<PlaceForecast | null> {
  const keyMemo = new Map<string, { key: KeyRecord | null; readMs: number }>();
  async function keyOf(id: string): Promise<KeyRecord | null> {
    const nowMs = clock();
    const known = keyMemo.get(id);
    if (known && nowMs - known.readMs < 30_000) return known.key;
    const key = await keys.findById(id);
    if (keyMemo.size > 10_000) keyMemo.clear();
    keyMemo.set(id, { key, readMs: nowMs });
    return key;
  }
  return async (subscription) => {
    const key = await keyOf(subscription.keyId);
    const nowMs = clock();
    if (!key || key.revokedMs !== null || (key.expiresMs !== null && key.expiresMs <= nowMs)) return null;
    const answer = await records.records('forecast', key, {
      lat: String(subscription.lat),
      lon: String(subscription.lon),
      radius: String(subscription.radius),
    });
    const body = JSON.parse(answer.body.toString('utf8')) as {
      hourly: AlertRecord[];
      meta: { sources?: unknown[] };
    };
    return {
      hourly: body.hourly,
      sources: body.meta.sources ?? [],
      timeZone: city.currentCities().find(subscription.cityId)?.timezone ?? 'UTC',
    };
  };
}

export type AlertParts = Awaited<ReturnType<typeof wireAlerts>>;
