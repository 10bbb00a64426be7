import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseOrigin } from '../../domain/keys/origin.ts';

/**
 * Cross-origin access for browser pages. Preflights are answered for any origin (they
 * carry no key); the real request is then judged by the key's origin allowlist, and the
 * answer, allowed or refused, carries the headers a browser needs to read it.
 *
 * Called from the app's one `onRequest` hook (app.ts) rather than registered as a hook
 * of its own: every request passes here, and a hook costs an iteration of Fastify's hook
 * runner on each of them. Returns true when it answered the request (a preflight).
 */
export function answerCors(request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  // an opaque origin ('null': sandboxed frames, file: pages) or anything that is not a
  // scheme://host[:port] is never echoed: no key can be registered for it
  if (typeof origin !== 'string' || parseOrigin(origin) === null) return false;
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
  reply.header(
    'access-control-expose-headers',
    'X-Request-Id, X-Cache, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Content-Disposition',
  );
  if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
    reply.header('access-control-allow-methods', 'GET, HEAD, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'Authorization, X-API-Key, Content-Type');
    reply.header('access-control-max-age', '600');
    reply.code(204).send();
    return true;
  }
  return false;
}
