import { HistoricalStatsSchema } from '../../../domain/stats/historical-stats.ts';
import type { HistoricalService } from '../../../services/data/historical.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import { HistoricalQuerySchema, LOCATION_RULES } from '../../schemas/data-query.ts';
import type { V1App } from '../types.ts';

export function registerHistoricalRoute(app: V1App, service: HistoricalService): void {
  app.get(
    '/historical/stats',
    {
      config: { product: 'historical' },
      schema: {
        tags: ['data'],
        summary: 'Annual statistics over the reference year',
        operationId: 'getHistoricalStats',
        description: `Annual statistics over the reference year. Key with product \`historical\`. ${LOCATION_RULES} \`radius\` (optional, 5 to 50 metres, no default) averages over that area; without it the value is at the location (\`meta.sampling\`, \`meta.distance_m\`). \`metrics\`: one to three of \`air\`, \`wind\`, \`thermal\`, comma-separated; omitted means every metric the key holds; a metric the key does not hold is \`403 forbidden\`. Any location in Belgium is served, elsewhere \`422 outside_coverage\`. Results are cached per (lat, lon, radius), \`X-Cache: hit|miss\`; a first request can take minutes and may end in \`504 upstream_timeout\`: a retry resumes the work done.`,
        security: KEY_REQUIRED,
        querystring: HistoricalQuerySchema,
        response: { 200: HistoricalStatsSchema, ...problemResponses(400, 401, 403, 422, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const { body, cacheStatus } = await service.stats(requireKey(request), request.query);
      reply.header('x-cache', cacheStatus);
      reply.header('cache-control', 'private, max-age=3600');
      return body;
    },
  );
}
