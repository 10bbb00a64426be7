import { resolveLink } from './client.js';
import type { components } from './openapi.js';

export type TileJSON = components['schemas']['TileJSON'];

/**
 * TileJSON with absolute `tiles`: the API writes them relative to itself, which a map
 * library would resolve against the page. The `{z}/{x}/{y}` placeholders stay as written.
 */
export function absoluteTileJson(tileJson: TileJSON, tileJsonUrl: string): TileJSON {
  return { ...tileJson, tiles: tileJson.tiles.map((tile) => resolveLink(tile, tileJsonUrl)) };
}

/**
 * A MapLibre `transformRequest` that sends the API's relative links (TileJSON, tiles) to
 * the API instead of the page's origin. Pass it to `new maplibregl.Map({ transformRequest })`
 * and add sources as stock `{ type: 'vector', url: <signed TileJSON URL> }`.
 */
export function svcTransformRequest(apiBaseUrl: string, pageOrigin = globalThis.location?.origin) {
  const apiOrigin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(apiBaseUrl)?.[0];
  if (!apiOrigin) throw new TypeError(`Not an absolute URL: ${apiBaseUrl}`);
  return (url: string): { url: string } => {
    if (url.startsWith('/v1/')) return { url: apiOrigin + url };
    if (pageOrigin && pageOrigin !== apiOrigin && url.startsWith(`${pageOrigin}/v1/`)) {
      return { url: apiOrigin + url.slice(pageOrigin.length) };
    }
    return { url };
  };
}
