import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { apiError } from '../../../domain/errors/catalogue.ts';
import type { SignedQuery } from '../../../domain/map/url-signing.ts';
import type { TileAddressParams } from '../../../services/map/tile-request.ts';
import type { TileResult, TileService } from '../../../services/map/tile-service.ts';
import { ifNoneMatchHits } from '../../if-none-match.ts';
import { SIGNED_URL } from '../../openapi/access.ts';
import { problemResponses } from '../../schemas/common.ts';
import type { V1App } from '../types.ts';
import { SIGNED_URL_RULES, SignedQuerySchema } from './schemas.ts';

/**
 * Vector tiles of signed layers: /map/{city}/tiles/{static}/{z}/{x}/{y}.mvt,
 * /map/{city}/tiles/{layer}/{timestamp}/{z}/{x}/{y}.mvt and the forecast variant.
 * No key header, no rate window; the signature in the query authorises. An empty tile
 * is 204; tiles are immutable for their address, so shared caches keep them a day.
 */
// canonical decimals only (no leading zeros): one tile, one URL
const MVT_SUFFIX = /^(0|[1-9]\d{0,9})\.mvt$/;
const INT = /^(?:0|[1-9]\d{0,9})$/;
const NON_CANONICAL_DIGITS = /^\d+\/\d+\/\d+\.mvt$/;

const TILE =
  'One Mapbox Vector Tile (`application/vnd.mapbox-vector-tile`, gzip-encoded when the client accepts it). An empty tile answers `204 No Content`, not an error. Tiles are immutable for their address: cached a day, with an ETag.';

function address(z: string, x: string, yFile: string): { z: number; x: number; y: number } | null {
  const y = MVT_SUFFIX.exec(yFile);
  if (!y || !INT.test(z) || !INT.test(x)) return null;
  return { z: Number(z), x: Number(x), y: Number(y[1]) };
}

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

type ZXY = { z: string; x: string; y: string };

export function registerMapTiles(app: V1App, service: TileService): void {
  // resolves to nothing once the reply is sent: returning the (thenable) reply from an
  // async function would cost extra promise turns on every tile
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    params: TileAddressParams,
    zxy: ZXY,
  ): Promise<void> {
    const at = address(zxy.z, zxy.x, zxy.y);
    // a decimal spelled another way (leading zeros) is a second URL for one signed tile: refused
    if (!at && NON_CANONICAL_DIGITS.test(`${zxy.z}/${zxy.x}/${zxy.y}`))
      throw apiError(
        'unauthorized',
        'Tile coordinates must be written as plain decimals, without leading zeros.',
      );
    // an address that is not z/x/y.mvt is checked after the signature, like any other unknown tile
    const result = await service.tile(
      { ...params, ...(at ?? { z: -1, x: -1, y: -1 }) },
      request.query as SignedQuery,
      { acceptGzip: acceptsGzip(request), requestUrl: request.url },
    );
    send(request, reply, result);
  }

  function send(request: FastifyRequest, reply: FastifyReply, result: TileResult): FastifyReply {
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('etag', result.etag);
    reply.header('vary', 'Accept-Encoding');
    if (ifNoneMatchHits(request.headers['if-none-match'], result.etag)) return reply.code(304).send();
    if (result.status === 204) return reply.code(204).send();
    reply.header('content-type', result.contentType);
    if (result.contentEncoding) reply.header('content-encoding', result.contentEncoding);
    return reply.send(result.body);
  }

  /** a URL admitted before, its tile still cached: answered in this turn, no promise */
  function sentCached(request: FastifyRequest, reply: FastifyReply): boolean {
    const cached = service.cachedTile(request.url, { acceptGzip: acceptsGzip(request) });
    if (cached === undefined) return false;
    send(request, reply, cached);
    return true;
  }

  const responses = {
    200: {
      description: 'Mapbox Vector Tile',
      content: { 'application/vnd.mapbox-vector-tile': { schema: Type.String({ format: 'binary' }) } },
    },
    204: Type.Null({ description: 'empty tile' }),
    304: Type.Null({ description: 'Not modified (If-None-Match matched the ETag)' }),
    ...problemResponses(401, 403, 404, 503, 504),
  };
  // Every field of these schemas accepts any text: the checks that refuse are the
  // signature's (401) and address() above, so validation lets every tile request through.
  const common = { tags: ['map'], security: SIGNED_URL, querystring: SignedQuerySchema, response: responses };
  const zxy = { z: Type.String(), x: Type.String(), y: Type.String() };
  const StaticParams = Type.Object({ city: Type.String(), layer: Type.String(), ...zxy });
  const TimedParams = Type.Object({
    city: Type.String(),
    layer: Type.String(),
    timestamp: Type.String(),
    ...zxy,
  });
  // the product names whose failures these are (translateFailure); tiles take no key
  const config = { product: 'map' as const };

  app.get(
    '/map/:city/tiles/:layer/:z/:x/:y',
    {
      config,
      schema: {
        ...common,
        summary: 'Vector tile of a static layer',
        operationId: 'getStaticTile',
        description: `${TILE} \`{y}\` is written \`{y}.mvt\`. ${SIGNED_URL_RULES}`,
        params: StaticParams,
      },
    },
    (request, reply) => {
      if (sentCached(request, reply)) return;
      const { city, layer, ...rest } = request.params;
      return serve(request, reply, { city, layer, horizon: 'static' }, rest);
    },
  );
  // realtime and forecast tiles differ only by their horizon
  for (const [horizon, path, operation] of [
    [
      'realtime',
      '/map/:city/tiles/:layer/:timestamp/:z/:x/:y',
      {
        summary: 'Vector tile of a realtime layer',
        operationId: 'getRealtimeTile',
        description: `${TILE} Of a realtime layer at the catalog's \`timestamp_ms\`; \`{y}\` is written \`{y}.mvt\`. ${SIGNED_URL_RULES}`,
      },
    ],
    [
      'forecast',
      '/map/:city/tiles/forecast/:layer/:timestamp/:z/:x/:y',
      {
        summary: 'Vector tile of a forecast layer step',
        operationId: 'getForecastTile',
        description: `${TILE} Of a forecast layer step; \`{y}\` is written \`{y}.mvt\`. ${SIGNED_URL_RULES}`,
      },
    ],
  ] as const) {
    app.get(path, { config, schema: { ...common, ...operation, params: TimedParams } }, (request, reply) => {
      if (sentCached(request, reply)) return;
      const { city, layer, timestamp, ...rest } = request.params;
      return serve(request, reply, { city, layer, horizon, timestamp }, rest);
    });
  }
}
