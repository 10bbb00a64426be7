import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Counters } from '../../adapters/counters/port.ts';
import type { Product } from '../../domain/coverage/cities.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { type BrowserRequest, browserRequest } from '../../domain/keys/browser-request.ts';
import { type KeyRecord, keyHasProduct } from '../../domain/keys/key-record.ts';
import { evaluateKey, KEY_STATUS_DETAIL } from '../../domain/keys/key-status.ts';
import type { KeyAuthenticator } from '../../services/key-authenticator.ts';
import { consumeRateWindow } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the authenticated key, once the key hook has run and accepted it */
    apiKey: KeyRecord | null;
  }
  interface FastifyContextConfig {
    /** product a keyed route belongs to; checked against the key's product scope */
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
  authenticator: KeyAuthenticator;
  counters: Counters;
  clock: () => number;
}

/**
 * The authentication step of keyed and public routes, in the order that reveals the
 * least: unknown key → 401; deactivated, expired, browser origin → 403; then the request
 * counts against the key's minute window (429 past it); then the route's product.
 */
export function createKeyHook(deps: KeyHookDeps, mode: 'required' | 'optional') {
  async function authenticate(request: FastifyRequest, reply: FastifyReply, secret: string): Promise<void> {
    const nowMs = deps.clock();
    const browser = browserRequestOf(request);
    const status = evaluateKey(await deps.authenticator.lookup(secret), { nowMs, browser });
    if (status.kind === 'unknown') throw apiError('unauthorized', 'The API key is not recognised.');
    if (status.kind !== 'ok') throw apiError('forbidden', KEY_STATUS_DETAIL[status.kind]);
    const key = status.key;
    await consumeRateWindow(deps.counters, key, nowMs, reply);
    const product = request.routeOptions.config.product;
    if (product && !keyHasProduct(key, product)) {
      throw apiError('forbidden', `This API key does not include the '${product}' product.`);
    }
    request.apiKey = key;
  }

  // Callback style rather than async: a request without a key (most of the public
  // routes' traffic) is settled synchronously, without a promise and a microtask turn.
  return function keyHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    request.apiKey = null;
    let secret: string | undefined;
    try {
      secret = presentedKey(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (secret !== undefined) {
      authenticate(request, reply, secret).then(() => done(), done);
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

/** The key of a keyed route (the hook guarantees it). */
export function requireKey(request: FastifyRequest): KeyRecord {
  if (!request.apiKey) throw apiError('unauthorized', 'An API key is required.');
  return request.apiKey;
}
