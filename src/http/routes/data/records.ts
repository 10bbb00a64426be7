import type { FastifyReply } from 'fastify';
import type { RecordsProduct, RecordsService } from '../../../services/data/records.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import { RecordsQuerySchema } from '../../schemas/data-query.ts';
import { RecordsResponseSchema } from '../../schemas/records.ts';
import type { V1App } from '../types.ts';

const SUMMARIES: Record<RecordsProduct, string> = {
  realtime: 'Live hourly records up to the most recent observed hour',
  forecast: 'Hourly forecast records out to about 48 hours',
};

/** GET /realtime and GET /forecast: same parameters, shape and gating, each with its product. */
export function registerRecordsRoute(app: V1App, product: RecordsProduct, service: RecordsService): void {
  app.get(
    `/${product}`,
    {
      config: { product },
      schema: {
        tags: ['data'],
        summary: SUMMARIES[product],
        security: [{ bearer: [] }, { apiKey: [] }],
        querystring: RecordsQuerySchema,
        response: { 200: RecordsResponseSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { body, cacheStatus } = await service.records(product, requireKey(request), request.query);
      reply.header('X-Cache', cacheStatus);
      reply.header('Cache-Control', 'private, max-age=300');
      // ready JSON bytes (services/data/records-body.ts; a Buffer skips the serializer):
      // the schema above still documents the shape, and the data tests check every field
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );
}
