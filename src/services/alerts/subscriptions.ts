import { randomBytes, randomUUID } from 'node:crypto';
import { initialState } from '../../domain/alerts/episodes.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { type KeyRecord, scopeAllows } from '../../domain/keys/key-record.ts';
import { place } from '../data/records-placement.ts';
import type { ResolveAddress } from '../data/resolve-location.ts';
import type { AlertStore } from './alert-store-port.ts';
import { parseSubscriptionRequest } from './subscription-request.ts';
import {
  type DeliveriesView,
  deliveriesView,
  type SubscriptionView,
  subscriptionView,
} from './subscription-view.ts';
import type { SecretBox, WebhookTargets } from './webhook-port.ts';

export interface SubscriptionDeps {
  store: AlertStore;
  secrets: SecretBox;
  targets: WebhookTargets;
  cities: Cities;
  resolveAddress: ResolveAddress;
  clock: () => number;
  /** ALERTS_ALLOW_PRIVATE_URLS: loopback and private targets (and plain http) allowed, for tests */
  allowPrivate: boolean;
  /** ALERTS_MAX_PER_KEY */
  maxPerKey: number;
}

export interface AlertSubscriptions {
  create(key: KeyRecord, body: unknown): Promise<SubscriptionView & { secret: string }>;
  list(key: KeyRecord): Promise<{ alerts: SubscriptionView[]; limit: number }>;
  get(key: KeyRecord, id: string): Promise<SubscriptionView>;
  remove(key: KeyRecord, id: string): Promise<void>;
  deliveries(key: KeyRecord, id: string): Promise<DeliveriesView>;
}

const ID = /^alr_[0-9a-f]{32}$/;
/** the deliveries GET /alerts/{id}/deliveries shows */
const RECENT_DELIVERIES = 50;

export function assertSubscriptionId(id: string): void {
  if (!ID.test(id))
    throw apiError(
      'validation_error',
      'The alert id is malformed: use the id POST /alerts answered, e.g. alr_3f2c….',
    );
}

export function createAlertSubscriptions(deps: SubscriptionDeps): AlertSubscriptions {
  async function owned(key: KeyRecord, id: string) {
    assertSubscriptionId(id);
    const found = await deps.store.get(id);
    // another key's subscription is as unknown as a deleted one
    if (found === null || found.keyId !== key.id)
      throw apiError('not_found', `No alert subscription ${id} for this key.`);
    return found;
  }

  return {
    async create(key, body) {
      const request = parseSubscriptionRequest(body, deps.allowPrivate);
      const location =
        request.address === null
          ? { address: null, lat: request.lat!, lon: request.lon! }
          : await deps.resolveAddress(request.address).then((found) => ({
              address: found.label,
              lat: found.lat,
              lon: found.lon,
            }));
      // coverage, the product and the key's city scope, as /forecast checks them
      const placement = place(deps.cities(), 'forecast', key, location, request.radius);
      for (const [i, condition] of request.conditions.entries()) {
        if (!scopeAllows(key.metrics, condition.metric))
          throw apiError(
            'forbidden',
            `conditions[${i}]: this API key does not hold the '${condition.metric}' metric.`,
          );
        if (!placement.held.includes(condition.metric as (typeof placement.held)[number]))
          throw apiError(
            'product_unavailable',
            `conditions[${i}]: the '${condition.metric}' metric is not modelled in ${placement.city.name}.`,
          );
      }
      const verdict = await deps.targets.check(request.url);
      if (!verdict.ok) throw apiError('validation_error', `url refused: ${verdict.reason}`);
      if ((await deps.store.countForKey(key.id)) >= deps.maxPerKey)
        throw apiError(
          'forbidden',
          `This API key holds ${deps.maxPerKey} alert subscriptions, the most it may; delete one (DELETE /v1/alerts/{id}) first.`,
        );
      const id = `alr_${randomUUID().replaceAll('-', '')}`;
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const stored = {
        id,
        keyId: key.id,
        cityId: placement.city.id,
        lat: placement.location.lat,
        lon: placement.location.lon,
        address: placement.location.address,
        radius: request.radius,
        url: request.url.href,
        conditions: request.conditions,
        outlookHour: request.outlookHour,
        lang: request.lang,
        secretSealed: deps.secrets.seal(secret, id),
        state: JSON.stringify(initialState(request.conditions.length)),
        failingSinceMs: null,
        createdMs: deps.clock(),
      };
      await deps.store.insertSubscription(stored);
      return { ...subscriptionView(stored), secret };
    },
    async list(key) {
      const all = await deps.store.listForKey(key.id);
      return { alerts: all.map(subscriptionView), limit: deps.maxPerKey };
    },
    async get(key, id) {
      return subscriptionView(await owned(key, id));
    },
    async remove(key, id) {
      assertSubscriptionId(id);
      if (!(await deps.store.delete(key.id, id)))
        throw apiError('not_found', `No alert subscription ${id} for this key.`);
    },
    async deliveries(key, id) {
      const subscription = await owned(key, id);
      return deliveriesView(subscription.id, await deps.store.attempts(subscription.id, RECENT_DELIVERIES));
    },
  };
}
