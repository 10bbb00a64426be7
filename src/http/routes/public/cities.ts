import { Type } from 'typebox';
import { CityDetailSchema } from '../../../domain/coverage/city-resources.ts';
import type { Cities } from '../../../domain/coverage/registry.ts';
import { apiError } from '../../../domain/errors/catalogue.ts';
import { cityDetail, listCities } from '../../../services/cities.ts';
import { publicResourceCaching } from '../../cache-headers.ts';
import { KEY_OPTIONAL } from '../../openapi/access.ts';
import { CitiesQuerySchema, CityIndexSchema } from '../../schemas/cities.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

export function registerCities(
  app: V1App,
  deps: {
    cities: Cities;
    clock: () => number;
    liveCredits?: (() => readonly string[]) | undefined;
    referenceYearOf?: ((cityId: string) => number | undefined) | undefined;
  },
): void {
  app.get(
    '/cities',
    {
      schema: {
        tags: ['public'],
        summary: 'Covered cities',
        operationId: 'listCities',
        description:
          'The covered cities. `product` (optional) keeps only cities offering that product. Without a key the full list, `Cache-Control: public, max-age=3600`; with a key each entry also carries `authorized`, `Cache-Control: private, max-age=3600` and `Vary: Authorization, X-API-Key`.',
        security: KEY_OPTIONAL,
        querystring: CitiesQuerySchema,
        response: { 200: CityIndexSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      publicResourceCaching(reply, request.apiKey !== null);
      return {
        generated_utc: new Date(deps.clock()).toISOString(),
        cities: listCities(deps.cities(), request.query.product, request.apiKey),
      };
    },
  );

  app.get(
    '/cities/:city',
    {
      schema: {
        tags: ['public'],
        summary: 'One city with its boundaries',
        operationId: 'getCity',
        description:
          'One city with its boundaries, by its lowercase id. Caching as for `GET /cities`. An unknown id is `404 not_found`.',
        security: KEY_OPTIONAL,
        // no length rule: an id of any length that names no city is 404, like any other unknown id
        params: Type.Object({ city: Type.String() }),
        response: { 200: CityDetailSchema, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const city = deps.cities().find(request.params.city);
      if (!city)
        throw apiError(
          'not_found',
          `No city '${request.params.city.slice(0, 100)}'. GET /v1/cities lists the covered cities.`,
        );
      publicResourceCaching(reply, request.apiKey !== null);
      return cityDetail(city, request.apiKey, deps.liveCredits?.(), deps.referenceYearOf?.(city.id));
    },
  );
}
