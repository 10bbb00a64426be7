import { GEOCODE_MAX_LIMIT, GeocodeResponseSchema } from '../../../domain/geocode/geocode-result.ts';
import type { GeocodeService } from '../../../services/geocode.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import { GeocodeQuerySchema } from '../../schemas/geocode.ts';
import type { FeatureRoutes, V1App } from '../types.ts';

/** GET /geocode: the address helper. Results serve only to query this service (spec rule 8). */
export function geocodeRoutes(service: GeocodeService): FeatureRoutes {
  return { keyed: [registerGeocode(service)], open: [] };
}

function registerGeocode(service: GeocodeService) {
  return (app: V1App) => {
    app.get(
      '/geocode',
      {
        config: { product: 'geocode' },
        schema: {
          tags: ['geocode'],
          summary: 'Candidates for an address, with their coverage',
          operationId: 'geocode',
          description:
            'Candidates for an address, each with whether it is covered. Key with product `geocode`. `q` is required (at least 1 character), `limit` is 1 to 5 (default 5). `query` echoes `q` as received; `results` may be empty.',
          security: KEY_REQUIRED,
          querystring: GeocodeQuerySchema,
          response: { 200: GeocodeResponseSchema, ...problemResponses(400, 401, 403, 429, 502) },
        },
      },
      async (request, reply) => {
        // results must not be stored or redistributed: no shared caches
        reply.header('cache-control', 'private, no-store');
        // the schema's default fills an absent limit
        return service.geocode(request.query.q, request.query.limit ?? GEOCODE_MAX_LIMIT);
      },
    );
  };
}
