import { type SvcClient, unwrap } from './client.js';
import { absoluteTileJson, type TileJSON } from './maplibre.js';

/**
 * The map catalog hands out signed links (TileJSON, and through it tiles). They are
 * followed as given: these helpers find the typed operation a link belongs to and pass
 * its signed query through byte for byte, since re-encoding it could break the signature.
 */
export interface SignedLink {
  /** the link's path below /v1, e.g. /map/brussels/tiles/buildings.json */
  path: string;
  /** the signed query string, without the leading `?` */
  query: string;
}

/** Splits a catalog link (relative `/v1/...` or absolute) into its path below /v1 and its query. */
export function splitSignedLink(link: string): SignedLink {
  const withoutOrigin = link.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i, '');
  const [pathname = '', query = ''] = withoutOrigin.split('?', 2);
  const path = pathname.replace(/^\/v1(?=\/)/, '');
  return { path, query };
}

const TILEJSON_LINKS = {
  forecast: /^\/map\/([^/]+)\/tiles\/forecast\/([^/]+)\/([^/]+\.json)$/,
  realtime: /^\/map\/([^/]+)\/tiles\/([^/]+)\/([^/]+\.json)$/,
  static: /^\/map\/([^/]+)\/tiles\/([^/]+\.json)$/,
};

const decode = (part: string | undefined) => decodeURIComponent(part ?? '');

/**
 * Fetches a catalog's TileJSON link through its typed operation (getStaticTileJson,
 * getRealtimeTileJson or getForecastTileJson) and returns it with absolute `tiles`
 * (`{z}/{x}/{y}` kept as written). Errors are `SvcApiError`s.
 */
export async function fetchTileJson(client: SvcClient, link: string): Promise<TileJSON> {
  const { path, query } = splitSignedLink(link);
  const signed = { querySerializer: () => query };
  const forecast = TILEJSON_LINKS.forecast.exec(path);
  const realtime = TILEJSON_LINKS.realtime.exec(path);
  const fixed = TILEJSON_LINKS.static.exec(path);
  let tileJson: TileJSON;
  if (forecast) {
    const [, city, layer, file] = forecast.map(decode);
    tileJson = await unwrap(
      client.GET('/map/{city}/tiles/forecast/{layer}/{file}', {
        params: { path: { city: city!, layer: layer!, file: file! } },
        ...signed,
      }),
    );
  } else if (realtime) {
    const [, city, layer, file] = realtime.map(decode);
    tileJson = await unwrap(
      client.GET('/map/{city}/tiles/{layer}/{file}', {
        params: { path: { city: city!, layer: layer!, file: file! } },
        ...signed,
      }),
    );
  } else if (fixed) {
    const [, city, file] = fixed.map(decode);
    tileJson = await unwrap(
      client.GET('/map/{city}/tiles/{file}', { params: { path: { city: city!, file: file! } }, ...signed }),
    );
  } else {
    throw new TypeError(`Not a TileJSON link of the map catalog: ${link}`);
  }
  return absoluteTileJson(tileJson, client.resolve(`/v1${path}`));
}
