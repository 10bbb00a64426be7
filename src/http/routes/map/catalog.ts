import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Cities } from '../../../domain/coverage/registry.ts';
import { apiError } from '../../../domain/errors/catalogue.ts';
import { scopeAllows } from '../../../domain/keys/key-record.ts';
import { type CatalogBody, CatalogSchema } from '../../../domain/map/catalog.ts';
import type { CatalogService } from '../../../services/map/catalog-service.ts';
import { addVary } from '../../cache-headers.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';

/** GET /map/{city}: the map catalog, the only map URL a client hardcodes. */
export function registerMapCatalog(app: V1App, service: CatalogService, cities: Cities): void {
  /**
   * The JSON of each body the service hands out, made by this route's serializer (the
   * response schema) once: the service gives the same body object again while its
   * signatures hold (services/map/signed-catalog-memo.ts), so a repeated catalog is not
   * serialized again (~27 kB for Brussels). Entries go with their bodies.
   */
  const serialized = new WeakMap<CatalogBody, Buffer>();
  app.get(
    '/map/:city',
    {
      config: { product: 'map' },
      schema: {
        tags: ['map'],
        summary: 'Map catalog: signed TileJSON links per layer and time step',
        operationId: 'getMapCatalog',
        description:
          'The map catalog: signed TileJSON links for the static layers, the most recent observed hour (`realtime`) and the forecast steps; the only map URL a client hardcodes. Key with product `map`. Cached 60 seconds; when the model is unavailable the last good catalog is served with `X-Cache: stale` and freshly signed URLs, and with none cached `503 upstream_unavailable`. A key without `realtime` gets no `realtime` block; one without `forecast` an empty `forecast` array. Every URL stops working at `meta.url_expires_utc`.',
        security: KEY_REQUIRED,
        params: Type.Object({ city: Type.String({ maxLength: 64 }) }),
        response: { 200: CatalogSchema, ...problemResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const key = requireKey(request);
      const { city } = request.params;
      if (!cities().find(city)?.products.map) throw apiError('not_found', `No map for city '${city}'.`);
      if (!scopeAllows(key.cities, city))
        throw apiError('forbidden', `This API key is not scoped to '${city}'.`);
      const { body, cache } = await service.getCatalog({
        city,
        key: { id: key.id, metrics: key.metrics, horizons: key.horizons },
      });
      reply.header('x-cache', cache);
      // the links are signed for this key: only the key holder's own cache may keep them
      reply.header('cache-control', 'private, max-age=60');
      addVary(reply, 'Authorization', 'X-API-Key');
      let json = serialized.get(body);
      if (!json) {
        json = Buffer.from(reply.serialize(body) as string);
        serialized.set(body, json);
      }
      // ready JSON bytes: a Buffer skips the serializer
      (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
      return reply;
    },
  );
}
