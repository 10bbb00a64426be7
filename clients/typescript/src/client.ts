import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { SvcApiError } from './errors.js';
import type { paths } from './openapi.js';

export type SvcClient = Client<paths> & {
  /** the API's base URL, ending in /v1 */
  readonly baseUrl: string;
  /** resolves a link from a response body (they start with /v1) against the API's origin */
  resolve(link: string): string;
};

export interface SvcClientOptions {
  /** e.g. https://api.example.com/v1 (the /v1 is added when missing) */
  baseUrl: string;
  /** an API key; secret (svc_sk_) on servers, publishable (svc_pk_) in browsers */
  key?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
}

/**
 * Joins a link to an origin by text: `new URL()` would percent-encode the `{z}/{x}/{y}`
 * placeholders of tile templates. Absolute links are kept as they are.
 */
export function resolveLink(link: string, base: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return link;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.exec(base)?.[0];
  if (!origin) throw new TypeError(`Not an absolute URL: ${base}`);
  if (link.startsWith('/')) return origin + link;
  return base.slice(0, base.lastIndexOf('/') + 1) + link;
}

/** A typed client of every operation (`client.GET('/historical/stats', ...)`), keyed when given a key. */
export function createSvcClient(options: SvcClientOptions): SvcClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/(?<!\/v1)$/, '/v1');
  const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const auth: Middleware = {
    onRequest({ request }) {
      if (options.key && !request.headers.has('authorization')) {
        request.headers.set('Authorization', `Bearer ${options.key}`);
      }
      return request;
    },
  };
  client.use(auth);
  return Object.assign(client, { baseUrl, resolve: (link: string) => resolveLink(link, baseUrl) });
}

/**
 * The data of an openapi-fetch result, or a `SvcApiError` carrying the problem document.
 * `const cities = await unwrap(client.GET('/cities'))`.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<NonNullable<T>> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw new SvcApiError(0, 'network_error', `Could not reach the API (${(error as Error).message}).`);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw SvcApiError.fromProblem(result.response.status, result.error, result.response.statusText);
  }
  return result.data as NonNullable<T>;
}
