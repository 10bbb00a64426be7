import { parseHourRange } from '../../../domain/data/hour-range.ts';
import { FEED_ATTRIBUTION } from '../../../domain/live/provenance.ts';
import type { StationsService } from '../../../services/live/stations.ts';
import { KEY_REQUIRED } from '../../openapi/access.ts';
import { requireKey } from '../../plugins/api-key.ts';
import { problemResponses } from '../../schemas/common.ts';
import {
  StationHistoryQuerySchema,
  StationHistoryResponseSchema,
  StationParamsSchema,
  StationsQuerySchema,
  StationsResponseSchema,
} from '../../schemas/stations.ts';
import type { FeatureRoutes, V1App } from '../types.ts';

/** GET /stations and GET /stations/{id}/history (issue #50), keyed with product `realtime`. */
export function registerStationRoutes(app: V1App, service: StationsService, clock: () => number): void {
  app.get(
    '/stations',
    {
      config: { product: 'realtime' },
      schema: {
        tags: ['data'],
        operationId: 'getStations',
        summary: 'The measuring stations, their latest values beside the model',
        description:
          "Every measuring station the live feeds know (IRCEL-CELINE), with its newest measured hour and, for the same hour, what the service answers at the station's place: observed beside modelled. Key with product `realtime`. `city` (optional) keeps the stations inside that city (`404 not_found` for an unknown one, `403` outside the key's cities). Without the station feed the list is empty. Beyond the specification.",
        security: KEY_REQUIRED,
        querystring: StationsQuerySchema,
        response: { 200: StationsResponseSchema, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { stations } = await service.list(requireKey(request), request.query);
      reply.header('cache-control', 'private, max-age=60');
      return {
        retrieved_utc: new Date(clock()).toISOString(),
        attribution: FEED_ATTRIBUTION['ircel-celine'],
        stations,
      };
    },
  );
  app.get(
    '/stations/:id/history',
    {
      config: { product: 'realtime' },
      schema: {
        tags: ['data'],
        operationId: 'getStationHistory',
        summary: "A station's measured hourly series",
        description:
          "The station's measured hours from `from` to `to` (ISO 8601 UTC hours, both included, at most 31 days apart), from the readings the service keeps (`FEED_RETENTION_DAYS`); a `from` older than what is kept is `400 validation_error` saying from when. Key with product `realtime`. Beyond the specification.",
        security: KEY_REQUIRED,
        params: StationParamsSchema,
        querystring: StationHistoryQuerySchema,
        response: { 200: StationHistoryResponseSchema, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const range = parseHourRange(request.query);
      const answer = await service.history(requireKey(request), request.params.id, range);
      reply.header('cache-control', 'private, max-age=300');
      return answer;
    },
  );
}

/** the stations' routes, keyed */
export function stationRoutes(service: StationsService, clock: () => number): FeatureRoutes {
  return { keyed: [(app) => registerStationRoutes(app, service, clock)], open: [] };
}
