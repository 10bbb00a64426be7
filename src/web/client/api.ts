import { createSvcClient, fetchTileJson, SvcApiError, unwrap } from '@svc-api/client';
import type { Catalog, Scale, ScaleSummary, TileJson, View } from './scale-types.ts';

/**
 * The few API calls the map client makes, through the typed client package
 * (@svc-api/client): its operations, its link joiner that keeps `{z}/{x}/{y}` intact and
 * its errors typed by `code`. Links in response bodies are relative and start with /v1.
 */
export interface ApiClient {
  catalog(city: string): Promise<Catalog>;
  scales(): Promise<{ views: View[]; scales: ScaleSummary[] }>;
  scale(id: string): Promise<Scale>;
  /** a catalog TileJSON link, fetched and returned with absolute `tiles` */
  tileJson(link: string): Promise<TileJson>;
  resolve(link: string): string;
}

/** The v1 name of the client package's `SvcApiError` (status, code, detail), kept for existing pages. */
export const ApiRequestError = SvcApiError;
export type ApiRequestError = SvcApiError;

export function createApiClient(opts: { origin: string; key: string; fetch?: typeof fetch }): ApiClient {
  const origin = new URL(opts.origin).origin;
  const client = createSvcClient({
    baseUrl: `${origin}/v1`,
    key: opts.key,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  // the published views and scales need no key; sending none keeps them shared in caches
  const anonymous = createSvcClient({
    baseUrl: `${origin}/v1`,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const resolve = (link: string) => client.resolve(link.startsWith('/') ? link : `/${link}`);

  const scaleCache = new Map<string, Promise<Scale>>();
  return {
    resolve,
    catalog: async (city) => await unwrap(client.GET('/map/{city}', { params: { path: { city } } })),
    scales: async () =>
      // the document types bounds as plain arrays where the scale types name their tuples
      (await unwrap(anonymous.GET('/scales'))) as Awaited<ReturnType<ApiClient['scales']>>,
    scale(id) {
      let hit = scaleCache.get(id);
      if (!hit) {
        hit = unwrap(anonymous.GET('/scales/{scale}', { params: { path: { scale: id } } })).then(
          (scale) => scale as Scale,
        );
        hit.catch(() => scaleCache.delete(id));
        scaleCache.set(id, hit);
      }
      return hit;
    },
    tileJson: async (link) => (await fetchTileJson(anonymous, link)) as TileJson,
  };
}
