import type { GeocodeService } from '../../../services/geocode.ts';
import { problemResponses } from '../../schemas/common.ts';
import { GEOCODE_MAX_LIMIT, GeocodeQuerySchema, GeocodeResponseSchema } from '../../schemas/geocode.ts';
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
          security: [{ bearer: [] }, { apiKey: [] }],
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
