import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import { ApiError } from '../../../domain/errors/catalogue.ts';
import {
  parseSubscriptionRequest,
  SubscriptionBodySchema,
} from '../../../services/alerts/subscription-request.ts';
import {
  CreatedSubscriptionSchema,
  DeliveriesSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
} from '../../../services/alerts/subscription-view.ts';
import type { AlertSubscriptions } from '../../../services/alerts/subscriptions.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { FeatureRoutes, V1App } from '../types.ts';

const AlertParams = Type.Object({
  id: Type.String({ maxLength: 100, description: 'the id POST /alerts answered' }),
});

/**
 * The body of POST /alerts is checked by the service's parser alone (the schema only
 * documents it): its refusals name the field and say how to fix it, where the app's Ajv
 * would say "must NOT have additional properties".
 */
function subscriptionBodyValidator(allowPrivate: boolean): FastifySchemaCompiler<TSchema> {
  return () => (body: unknown) => {
    try {
      parseSubscriptionRequest(body, allowPrivate);
      return true;
    } catch (error) {
      if (error instanceof ApiError) return { error };
      throw error;
    }
  };
}

/** Alerts (docs/alerts.md): threshold subscriptions on a place, delivered as signed webhooks. Product `forecast`. */
export function alertRoutes(service: AlertSubscriptions, options: { allowPrivate: boolean }): FeatureRoutes {
  return { keyed: [(app) => registerAlerts(app, service, options.allowPrivate)], open: [] };
}

function registerAlerts(app: V1App, service: AlertSubscriptions, allowPrivate: boolean) {
  app.post(
    '/alerts',
    {
      config: { product: 'forecast' },
      schema: {
        tags: ['alerts'],
        summary: 'Subscribe to alerts on a place (signed webhooks)',
        operationId: 'createAlert',
        description:
          'Subscribes `url` to events about a place: `alert.triggered` when a condition starts to hold in the coming 48 hours of the forecast, `alert.cleared` when it no longer does, and `outlook.daily` at `daily_outlook.hour_local`. Key with product `forecast`; each condition\'s `metric` must be one the key holds and the city models. `url` must be https and resolve to public addresses only. Each event is POSTed with `Svc-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`; the `secret` is in this answer only. A key holds at most the listed limit of subscriptions (`403 forbidden` past it).',
        security: KEY_REQUIRED,
        body: SubscriptionBodySchema,
        response: {
          201: CreatedSubscriptionSchema,
          ...problemResponses(400, 401, 403, 422, 429, 502, 503, 504),
        },
      },
      validatorCompiler: subscriptionBodyValidator(allowPrivate),
    },
    async (request, reply) => {
      const created = await service.create(requireKey(request), request.body);
      return (reply as FastifyReply).code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/alerts',
    {
      config: { product: 'forecast' },
      schema: {
        tags: ['alerts'],
        summary: "The key's alert subscriptions",
        operationId: 'listAlerts',
        description:
          'Every subscription of the key, oldest first, without secrets. Key with product `forecast`.',
        security: KEY_REQUIRED,
        response: { 200: SubscriptionListSchema, ...problemResponses(401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(requireKey(request));
    },
  );

  app.get(
    '/alerts/:id',
    {
      config: { product: 'forecast' },
      schema: {
        tags: ['alerts'],
        summary: 'One alert subscription',
        operationId: 'getAlert',
        description:
          "The subscription; `status` is `failing` once an event could not be delivered for 24 hours of retries. Key with product `forecast`; another key's subscription is `404 not_found`.",
        security: KEY_REQUIRED,
        params: AlertParams,
        response: { 200: SubscriptionSchema, ...problemResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(requireKey(request), request.params.id);
    },
  );

  app.delete(
    '/alerts/:id',
    {
      config: { product: 'forecast' },
      schema: {
        tags: ['alerts'],
        summary: 'Delete an alert subscription',
        operationId: 'deleteAlert',
        description: 'Deletes the subscription and its undelivered events. Key with product `forecast`.',
        security: KEY_REQUIRED,
        params: AlertParams,
        response: {
          204: Type.Null({ description: 'deleted' }),
          ...problemResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      await service.remove(requireKey(request), request.params.id);
      return (reply as FastifyReply).code(204).send();
    },
  );

  app.get(
    '/alerts/:id/deliveries',
    {
      config: { product: 'forecast' },
      schema: {
        tags: ['alerts'],
        summary: "An alert subscription's recent delivery attempts",
        operationId: 'listAlertDeliveries',
        description:
          "The 50 most recent attempts, newest first: the event, when, the outcome (`delivered`, `http_error`, `timeout`, `network_error`, `refused`), the receiver's status code. Key with product `forecast`.",
        security: KEY_REQUIRED,
        params: AlertParams,
        response: { 200: DeliveriesSchema, ...problemResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.deliveries(requireKey(request), request.params.id);
    },
  );
}
