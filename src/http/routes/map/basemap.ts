import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BasemapService, BinaryResult } from '../../../services/map/basemap-service.ts';
import { ifNoneMatchHits } from '../../if-none-match.ts';
import type { V1App } from '../types.ts';

/**
 * The public basemap (docs/map.md, "Basemap"; an addition beyond the spec, so kept out of
 * the OpenAPI document that mirrors it): no key, no rate window, like the signed tiles.
 *   /basemap/{city}/style.json   MapLibre style
 *   /basemap/{city}/tiles.json   TileJSON
 *   /basemap/{city}/{z}/{x}/{y}.mvt
 *   /basemap/glyphs/{fontstack}/{start}-{end}.pbf
 */
const MVT = /^(0|[1-9]\d{0,9})\.mvt$/;
const INT = /^(0|[1-9]\d{0,9})$/;
const PBF = /^(.+)\.pbf$/;

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

function sendBinary(
  request: FastifyRequest,
  reply: FastifyReply,
  result: BinaryResult,
  contentType: string,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl);
  reply.header('etag', result.etag);
  reply.header('vary', 'Accept-Encoding');
  if (ifNoneMatchHits(request.headers['if-none-match'], result.etag)) return reply.code(304).send();
  if (result.status === 204) return reply.code(204).send();
  reply.header('content-type', contentType);
  if (acceptsGzip(request) && result.gzip) {
    reply.header('content-encoding', 'gzip');
    return reply.send(result.gzip);
  }
  return reply.send(result.body);
}

export function registerBasemap(app: V1App, service: BasemapService): void {
  app.addHook('onRoute', (route) => {
    if (route.url.includes('/basemap/')) route.schema = { ...route.schema, hide: true };
  });
  const config = { product: 'map' as const };
  // a new package revision changes the style's content: revalidated every few minutes
  app.get('/basemap/:city/style.json', { config }, async (request, reply) => {
    const { city } = request.params as { city: string };
    reply.header('cache-control', 'public, max-age=300');
    return service.style(city);
  });
  app.get('/basemap/:city/tiles.json', { config }, async (request, reply) => {
    const { city } = request.params as { city: string };
    reply.header('cache-control', 'public, max-age=300');
    return service.tileJson(city);
  });
  app.get('/basemap/:city/:z/:x/:y', { config }, async (request, reply) => {
    const { city, z, x, y } = request.params as { city: string; z: string; x: string; y: string };
    const yMatch = MVT.exec(y);
    const tile =
      yMatch && INT.test(z) && INT.test(x)
        ? { z: Number(z), x: Number(x), y: Number(yMatch[1]) }
        : { z: -1, x: -1, y: -1 };
    const result = await service.tile(city, tile);
    // the URL carries no revision: an hour, then the ETag answers 304 until the package changes
    return sendBinary(request, reply, result, 'application/vnd.mapbox-vector-tile', 'public, max-age=3600');
  });
  app.get('/basemap/glyphs/:fontstack/:range', { config }, async (request, reply) => {
    const { fontstack, range } = request.params as { fontstack: string; range: string };
    const result = await service.glyphs(fontstack, PBF.exec(range)?.[1] ?? range);
    return sendBinary(request, reply, result, 'application/x-protobuf', 'public, max-age=86400');
  });
}
