import type { Kysely } from 'kysely';
import { createAlertStore } from '../adapters/store/alert-store.ts';
import type { Database } from '../adapters/store/schema.ts';
import { createAddressPolicy } from '../adapters/webhooks/address-policy.ts';
import { createWebhookSender } from '../adapters/webhooks/http-sender.ts';
import { createSecretBox, loadAlertsKey } from '../adapters/webhooks/secret-box.ts';
import type { Config } from '../config.ts';
import { createDeliveryWorker } from '../services/alerts/delivery.ts';
import { createAlertSubscriptions } from '../services/alerts/subscriptions.ts';
import type { Metrics } from '../services/ports/telemetry-port.ts';
import type { Foundation } from './foundation.ts';
import type { Geocoding } from './wire-data.ts';
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
    start() {
      delivery.start();
    },
  };
}

export type AlertParts = Awaited<ReturnType<typeof wireAlerts>>;
