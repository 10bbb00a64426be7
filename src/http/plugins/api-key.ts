import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Product } from '../../domain/coverage/cities.ts';
import { type ApiError, apiError } from '../../domain/errors/catalogue.ts';
import { type BrowserRequest, browserRequest } from '../../domain/keys/browser-request.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import { KEY_STATUS_DETAIL } from '../../domain/keys/key-status.ts';
import type { KeyVerifier, Verification } from '../../services/key-verifier.ts';
import type { RateWindow } from '../../services/rate-window.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the authenticated key, once the key hook has run and accepted it */
    apiKey: KeyRecord | null;
    /** why the key verifier refused the request (the refusal metric's reason), null otherwise */
    keyRefusal: Exclude<Verification['kind'], 'ok'> | null;
  }
  interface FastifyContextConfig {
    /** product a route belongs to: checked against the key's product scope on keyed routes, and names whose failures are translated (error-handler.ts) */
    product?: Product;
  }
}

/** Reads the key from `Authorization: Bearer` or `X-API-Key`; both may be sent if equal. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const fromHeader = typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
  const authorization = request.headers.authorization;
  let fromBearer: string | undefined;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    if (!match) throw apiError('unauthorized', 'The Authorization header must be "Bearer <API key>".');
    fromBearer = match[1];
  }
  if (fromHeader && fromBearer && fromHeader !== fromBearer) {
    throw apiError('unauthorized', 'Authorization and X-API-Key carry different keys; send one key.');
  }
  return fromBearer ?? fromHeader;
}

const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The browser headers of a request (Origin, Sec-Fetch-*, Host), read for the key check. */
export function browserRequestOf(request: FastifyRequest): BrowserRequest {
  return browserRequest({
    origin: headerText(request.headers.origin),
    secFetchSite: headerText(request.headers['sec-fetch-site']),
    secFetchMode: headerText(request.headers['sec-fetch-mode']),
    secFetchDest: headerText(request.headers['sec-fetch-dest']),
    host: headerText(request.headers.host),
    protocol: request.protocol === 'https' ? 'https' : 'http',
  });
}

export interface KeyHookDeps {
  verifier: KeyVerifier;
}

function setRateHeaders(reply: FastifyReply, window: RateWindow): void {
  reply.header('x-ratelimit-limit', String(window.limit));
  reply.header('x-ratelimit-remaining', String(window.remaining));
  reply.header('x-ratelimit-reset', String(window.resetS));
}

/** The problem a refused verification answers: unknown key 401, everything about entitlement 403, 429 past the window. */
function refusal(result: Exclude<Verification, { kind: 'ok' }>): ApiError {
  switch (result.kind) {
    case 'unknown':
      return apiError('unauthorized', 'The API key is not recognised.');
    case 'rate_limited':
      return apiError(
        'rate_limited',
        `Rate limit of ${result.window.limit} requests per minute exceeded; retry in ${result.window.retryAfterS} s.`,
        { headers: { 'Retry-After': String(result.window.retryAfterS) } },
      );
    case 'product_missing':
      return apiError('forbidden', `This API key does not include the '${result.product}' product.`);
    default:
      return apiError('forbidden', KEY_STATUS_DETAIL[result.kind]);
  }
}

/**
 * The authentication step of keyed and public routes: reads the presented key and
 * adapts the key verifier's answer (services/key-verifier.ts) to headers, the request's
 * `apiKey` and problem documents.
 */
export function createKeyHook(deps: KeyHookDeps, mode: 'required' | 'optional', product?: Product) {
  /** headers and the request's key from a verification; the refusal to answer, if any */
  function settle(request: FastifyRequest, reply: FastifyReply, result: Verification): ApiError | undefined {
    if ('window' in result) setRateHeaders(reply, result.window);
    if (result.kind !== 'ok') {
      request.keyRefusal = result.kind;
      return refusal(result);
    }
    request.apiKey = result.key;
    return undefined;
  }

  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string,
    done: HookHandlerDoneFunction,
  ): void {
    const asked = {
      secret,
      browser: browserRequestOf(request),
      product,
    };
    // a key in the cache and windows in memory: settled in this turn, without a promise
    const now = deps.verifier.verifyNow(asked);
    if (now !== undefined) {
      done(settle(request, reply, now));
      return;
    }
    deps.verifier
      .verify(asked)
      .then((result) => settle(request, reply, result))
      .then(done, done);
  }

  // Callback style rather than async: a request without a key (most of the public
  // routes' traffic) is settled synchronously, without a promise and a microtask turn.
  return function keyHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    request.apiKey = null;
    request.keyRefusal = null;
    let secret: string | undefined;
    try {
      secret = presentedKey(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (secret !== undefined) {
      authenticate(request, reply, secret, done);
    } else if (mode === 'required') {
      done(
        apiError(
          'unauthorized',
          'An API key is required: send "Authorization: Bearer <key>" or "X-API-Key: <key>".',
        ),
      );
    } else {
      done();
    }
  };
}

/**
 * Puts the key hook on every route of `scope`, each with the product its route belongs
 * to (its `config.product`), so that a request does not read it back through Fastify's
 * `routeOptions`, an object built afresh on every access.
 */
export function authenticateRoutes(
  scope: FastifyInstance,
  deps: KeyHookDeps,
  mode: 'required' | 'optional',
): void {
  scope.addHook('onRoute', (route) => {
    const hook = createKeyHook(deps, mode, route.config?.product);
    const own =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    // first of the route's hooks, as a hook of the scope would be: a route's own hook sees the key
    route.onRequest = [hook, ...own];
  });
}

/** The key of a keyed route (the hook guarantees it). */
export function requireKey(request: FastifyRequest): KeyRecord {
  if (!request.apiKey) throw apiError('unauthorized', 'An API key is required.');
  return request.apiKey;
}
