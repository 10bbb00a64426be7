import type { FastifyReply } from 'fastify';
import type { RecordsAnswer, RecordsProduct, RecordsService } from '../../../services/data/records.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import { LOCATION_RULES, RecordsQuerySchema } from '../../schemas/data-query.ts';
import { RecordsResponseSchema } from '../../schemas/records.ts';
import type { V1App } from '../types.ts';

const OPERATIONS: Record<RecordsProduct, { operationId: string; summary: string; description: string }> = {
  realtime: {
    operationId: 'getRealtime',
    summary: 'Live hourly records up to the most recent observed hour',
    description: `Live hourly records up to the most recent observed hour, every field in every record. Key with product \`realtime\`. ${LOCATION_RULES} \`radius\` is 5 to 50 metres, default 10. Outside every covered city \`422 outside_coverage\`; inside a city without real-time \`422 product_unavailable\`. Cached 5 minutes per (lat, lon, radius).`,
  },
  forecast: {
    operationId: 'getForecast',
    summary: 'Hourly forecast records out to about 48 hours',
    description: `Hourly forecast records out to about 48 hours; spacing may be irregular, so read each record's timestamp. Key with product \`forecast\`. ${LOCATION_RULES} \`radius\` is 5 to 50 metres, default 10. Gating and errors as for \`GET /realtime\` with the \`forecast\` product.`,
  },
};

function send(reply: FastifyReply, { body, cacheStatus }: RecordsAnswer): void {
  reply.header('x-cache', cacheStatus);
  reply.header('cache-control', 'private, max-age=300');
  // ready JSON bytes (services/data/records-body.ts; a Buffer skips the serializer):
  // the schema above still documents the shape, and the data tests check every field
  reply.type('application/json; charset=utf-8').send(body);
}

/** GET /realtime and GET /forecast: same parameters, shape and gating, each with its product. */
export function registerRecordsRoute(app: V1App, product: RecordsProduct, service: RecordsService): void {
  app.get(
    `/${product}`,
    {
      config: { product },
      schema: {
        tags: ['data'],
        ...OPERATIONS[product],
        security: KEY_REQUIRED,
        querystring: RecordsQuerySchema,
        response: { 200: RecordsResponseSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
      },
    },
    (request, reply) => {
      const key = requireKey(request);
      // records this process holds are answered in this turn, without a promise
      const ready = service.recordsNow(product, key, request.query);
      if (ready) {
        send(reply, ready);
        return;
      }
      return service.records(product, key, request.query).then((answer) => {
        send(reply, answer);
      });
    },
  );
}
