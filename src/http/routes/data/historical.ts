import type { HistoricalService } from '../../../services/data/historical.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import { HistoricalQuerySchema } from '../../schemas/data-query.ts';
import { HistoricalStatsSchema } from '../../schemas/historical.ts';
import type { V1App } from '../types.ts';

export function registerHistoricalRoute(app: V1App, service: HistoricalService): void {
  app.get(
    '/historical/stats',
    {
      config: { product: 'historical' },
      schema: {
        tags: ['data'],
        summary: 'Annual statistics over the reference year',
        security: [{ bearer: [] }, { apiKey: [] }],
        querystring: HistoricalQuerySchema,
        response: { 200: HistoricalStatsSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { body, cacheStatus } = await service.stats(requireKey(request), request.query);
      reply.header('x-cache', cacheStatus);
      reply.header('cache-control', 'private, max-age=3600');
      // the service's HistoricalStats and the response schema agree (http/schema-agreement.ts)
      return body;
    },
  );
}
