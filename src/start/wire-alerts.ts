import { createAlertStore } from '../adapters/store/alert-store.ts';
import { createAddressPolicy } from '../adapters/webhooks/address-policy.ts';
import { createWebhookSender } from '../adapters/webhooks/http-sender.ts';
import { createSecretBox, loadAlertsKey } from '../adapters/webhooks/secret-box.ts';
import { createDeliveryWorker } from '../services/alerts/delivery.ts';
import { createAlertSubscriptions } from '../services/alerts/subscriptions.ts';
import type { Foundation } from './foundation.ts';
import type { Geocoding } from './wire-data.ts';
import type { CitiesAndModel } from './wire-model.ts';

/**
 * Alerts (docs/alerts.md): the subscriptions behind /v1/alerts, the outbox's delivery
 * worker (every instance runs one: claims are leased, so each event goes out once), with
 * the SSRF policy the sender connects through and the box that seals the secrets.
 */
export async function wireAlerts(
  { config, clock, stores, telemetry, log, closers }: Foundation,
  city: CitiesAndModel,
  geocoding: Geocoding,
) {
  const store = createAlertStore(stores.database.db);
  const secrets = createSecretBox(
    await loadAlertsKey({ dataDir: config.dataDir, configured: config.alerts.secretKey }),
  );
  const policy = createAddressPolicy({ allowPrivate: config.alerts.allowPrivateUrls });
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
  const delivery = createDeliveryWorker({
    store,
    sender: createWebhookSender({ policy }),
    secrets,
    clock,
    retryBaseMs: config.alerts.retryBaseMs,
    retryForMs: config.alerts.retryForMs,
    metrics: telemetry.metrics,
    log: log.child({ component: 'alerts' }),
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
