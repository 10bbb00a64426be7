import { resolveLink } from '@svc-api/client';
import type { Catalog, Scale, ScaleSummary, TileJson, View } from './scale-types.ts';

/**
 * The few API calls the map client makes. Links in response bodies are relative and
 * start with /v1; they are resolved against the API's origin here, once.
 */
export interface ApiClient {
  catalog(city: string): Promise<Catalog>;
  scales(): Promise<{ views: View[]; scales: ScaleSummary[] }>;
  scale(id: string): Promise<Scale>;
  tileJson(link: string): Promise<TileJson>;
  resolve(link: string): string;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'ApiRequestError';
  }
}

export function createApiClient(opts: { origin: string; key: string; fetch?: typeof fetch }): ApiClient {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const origin = new URL(opts.origin).origin;
  // the client package's joiner: URL() would percent-encode the {z}/{x}/{y} of tile templates
  const resolve = (link: string) => resolveLink(link.startsWith('/') ? link : `/${link}`, origin);

  async function getJson<T>(link: string, withKey: boolean): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (withKey) headers.Authorization = `Bearer ${opts.key}`;
    let response: Response;
    try {
      response = await doFetch(resolve(link), { headers });
    } catch (err) {
      // a browser hides the status of a refused cross-origin answer; say what is likely
      throw new ApiRequestError(0, 'network_error', `Could not reach the API (${(err as Error).message}).`);
    }
    if (!response.ok) {
      const problem = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
      throw new ApiRequestError(
        response.status,
        problem.code ?? 'error',
        problem.detail ?? response.statusText,
      );
    }
    return (await response.json()) as T;
  }

  const scaleCache = new Map<string, Promise<Scale>>();
  return {
    resolve,
    catalog: (city) => getJson<Catalog>(`/v1/map/${encodeURIComponent(city)}`, true),
    scales: () => getJson('/v1/scales', false),
    scale(id) {
      let hit = scaleCache.get(id);
      if (!hit) {
        hit = getJson<Scale>(`/v1/scales/${encodeURIComponent(id)}`, false);
        hit.catch(() => scaleCache.delete(id));
        scaleCache.set(id, hit);
      }
      return hit;
    },
    tileJson: (link) => getJson<TileJson>(link, false),
  };
}
