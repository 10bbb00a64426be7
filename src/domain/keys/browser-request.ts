import { parseOrigin } from './origin.ts';

/**
 * Whether a request comes from a browser page, and from which origin, told by the
 * headers browsers set themselves and scripts cannot forge: `Origin`, and the Fetch
 * Metadata headers `Sec-Fetch-Site` / `Sec-Fetch-Mode` / `Sec-Fetch-Dest` that browsers
 * send together on every request (to https and localhost), including the same-origin GETs
 * that carry no Origin. `Sec-Fetch-Mode` alone does not make a browser: Node's fetch
 * (undici) sends `sec-fetch-mode: cors` on every request, and server-side clients using it
 * must keep working with secret keys.
 */
export interface BrowserRequest {
  browser: boolean;
  /** the page's origin when it can be known; null for a browser that hides it (or 'null') */
  origin: string | null;
}

export const NOT_A_BROWSER: BrowserRequest = { browser: false, origin: null };

export interface RequestHeadersView {
  origin?: string | undefined;
  secFetchSite?: string | undefined;
  secFetchMode?: string | undefined;
  secFetchDest?: string | undefined;
  host?: string | undefined;
  /** the scheme the request arrived with, as the server sees it */
  protocol: 'http' | 'https';
}

export function browserRequest(headers: RequestHeadersView): BrowserRequest {
  const browser =
    headers.origin !== undefined ||
    headers.secFetchSite !== undefined ||
    (headers.secFetchMode !== undefined && headers.secFetchDest !== undefined);
  if (!browser) return NOT_A_BROWSER;
  if (headers.origin !== undefined) return { browser, origin: parseOrigin(headers.origin) };
  // a same-origin request without Origin (a GET): the page is on this very host
  if (headers.secFetchSite === 'same-origin' && headers.host) {
    return { browser, origin: parseOrigin(`${headers.protocol}://${headers.host}`) };
  }
  return { browser, origin: null };
}

export type BrowserVerdict = 'not_browser' | 'allowed' | 'secret_from_browser' | 'origin_not_allowed';

/**
 * A secret key is never accepted from a browser; a publishable key only from a page on
 * one of its registered origins (an unknown page origin is refused).
 */
export function judgeBrowserUse(
  key: { type: 'sk' | 'pk'; origins: readonly string[] },
  request: BrowserRequest,
): BrowserVerdict {
  if (!request.browser) return 'not_browser';
  if (key.type === 'sk') return 'secret_from_browser';
  if (request.origin === null) return 'origin_not_allowed';
  const wanted = request.origin;
  return key.origins.some((entry) => entry === '*' || parseOrigin(entry) === wanted)
    ? 'allowed'
    : 'origin_not_allowed';
}
