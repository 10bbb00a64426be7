import { Type } from 'typebox';
import { apiError } from '../../../domain/errors/catalogue.ts';
import { TileJsonSchema } from '../../../domain/map/tilejson.ts';
import type { TileService } from '../../../services/map/tile-service.ts';
import { SIGNED_URL } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';
import { SIGNED_URL_RULES, SignedQuerySchema } from './schemas.ts';

/**
 * TileJSON of a signed layer: /map/{city}/tiles/{static}.json,
 * /map/{city}/tiles/{layer}/{timestamp}.json and the forecast variant. Authorised by
 * the URL's signature, not by a key header.
 */
const TILEJSON =
  'TileJSON 3.0.0 for one layer: a tile URL template (relative to the API unless the operator sets PUBLIC_BASE_URL; resolve it against the TileJSON URL keeping `{z}/{x}/{y}` intact), vector layer names and fields, bounds and zoom range.';
const JSON_SUFFIX = /^(.+)\.json$/;

function stripJson(segment: string): string {
  const match = JSON_SUFFIX.exec(segment);
  if (!match) throw apiError('not_found', 'No TileJSON at this address.');
  return match[1]!;
}

export function registerMapTileJson(app: V1App, service: TileService): void {
  const common = {
    tags: ['map'],
    security: SIGNED_URL,
    querystring: SignedQuerySchema,
    response: { 200: TileJsonSchema, ...problemResponses(401, 403, 404, 503) },
  };
  // the TileJSON's tile URLs carry the same signature and `exp` as the URL that fetched
  // it: a cached copy must not outlive them (called once the signature verified)
  const send = (reply: { header(k: string, v: string): unknown }, exp: unknown) => {
    const left = Number(exp) - Math.floor(service.now() / 1000);
    reply.header('cache-control', `public, max-age=${Math.max(0, Math.min(86400, left))}`);
  };

  app.get(
    '/map/:city/tiles/:file',
    {
      schema: {
        ...common,
        summary: 'TileJSON of a static layer',
        operationId: 'getStaticTileJson',
        description: `${TILEJSON} \`{file}\` is \`{static}.json\` (currently \`buildings.json\`). ${SIGNED_URL_RULES}`,
        params: Type.Object({ city: Type.String(), file: Type.String() }),
      },
    },
    async (request, reply) => {
      const { city, file } = request.params;
      const layer = stripJson(file);
      const body = await service.tileJson({ city, layer, horizon: 'static' }, request.query);
      send(reply, request.query.exp);
      return body;
    },
  );
  app.get(
    '/map/:city/tiles/:layer/:file',
    {
      schema: {
        ...common,
        summary: 'TileJSON of a realtime layer at one timestamp',
        operationId: 'getRealtimeTileJson',
        description: `${TILEJSON} \`{layer}\` is \`thermal\`, \`wind\` or \`air\`; \`{file}\` is \`{timestamp}.json\` with the catalog's \`timestamp_ms\`. ${SIGNED_URL_RULES}`,
        params: Type.Object({ city: Type.String(), layer: Type.String(), file: Type.String() }),
      },
    },
    async (request, reply) => {
      const { city, layer, file } = request.params;
      const body = await service.tileJson(
        { city, layer, horizon: 'realtime', timestamp: stripJson(file) },
        request.query,
      );
      send(reply, request.query.exp);
      return body;
    },
  );
  app.get(
    '/map/:city/tiles/forecast/:layer/:file',
    {
      schema: {
        ...common,
        summary: 'TileJSON of a forecast layer step',
        operationId: 'getForecastTileJson',
        description: `${TILEJSON} For one forecast step: \`{file}\` is \`{timestamp}.json\`. ${SIGNED_URL_RULES}`,
        params: Type.Object({ city: Type.String(), layer: Type.String(), file: Type.String() }),
      },
    },
    async (request, reply) => {
      const { city, layer, file } = request.params;
      const body = await service.tileJson(
        { city, layer, horizon: 'forecast', timestamp: stripJson(file) },
        request.query,
      );
      send(reply, request.query.exp);
      return body;
    },
  );
}
