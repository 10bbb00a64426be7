import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiError } from '../domain/errors/catalogue.ts';
import { DISABLED_TELEMETRY } from '../services/ports/telemetry-port.ts';
import { createErrorHandler } from './error-handler.ts';
import { openApiOptions } from './openapi/document.ts';
import { answerCors } from './plugins/cors.ts';
import { registerTelemetryHooks } from './plugins/telemetry.ts';
import { sendProblem, toApiError } from './problem.ts';
import { clientErrorResponse, missingHostRefusal, refuseConnect } from './raw-refusals.ts';
import { createRequestIds } from './request-id.ts';
import { requestLogSerializers } from './request-log.ts';
import { createRouteIndex } from './route-index.ts';
import { registerDocsRoutes } from './routes/docs/index.ts';
import { registerFeatureRoutes } from './routes/features.ts';
import { registerPublicRoutes } from './routes/public/index.ts';
import type { AppDeps } from './routes/types.ts';
import { refuseOversizedBeforeContinue, SERVER_TIMEOUTS } from './server-limits.ts';

export type { AppDeps } from './routes/types.ts';

export const BODY_LIMIT_BYTES = 16 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-api-key"]'],
      // route templates and parameter names, never the URL (addresses, coordinates, keys)
      serializers: requestLogSerializers,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Host is checked in onRequest below, so its absence is a problem document too
    http: {
      requireHostHeader: false,
      headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs,
    },
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    genReqId: createRequestIds(),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // router-level refusals (undecodable URL, over-long path segment) are problem documents too
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const mapped =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? apiError('not_found', 'No resource at this path.')
          : (toApiError(error) ?? apiError('validation_error', 'The request URL is malformed.'));
      return sendProblem(request, reply, mapped, deps.config.docsUrl);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.end(clientErrorResponse(error, deps.config.docsUrl));
      else socket.destroy(error);
    },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // The response serializers check nullable and union fields (anyOf) with ajv, which
    // compiles each such check on the first response that reaches it: the first
    // historical statistics after a start took many times longer to serialise than the
    // next. Compiled while the app is built, before it listens (docs/history/performance-2026-11-28.md,
    // "The first response of a route after a start").
    serializerOpts: { compileValidators: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const routeIndex = createRouteIndex(app);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('keyRefusal', null);
  // telemetry first, so every request it sees the end of (onResponse) it saw begin
  registerTelemetryHooks(app, deps.telemetry ?? DISABLED_TELEMETRY);
  // One hook for what every request needs (request id, Host, CORS): each hook is an
  // iteration of Fastify's runner on every request. Callback style, no promise.
  // Header names are written in lower case throughout: Fastify lowercases each name it is
  // given, and a mixed-case one becomes a new string that its header object must then
  // look up as a property (docs/history/performance-2026-11-28.md, "Header names").
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const refusal = missingHostRefusal(request.raw.httpVersion, request.headers.host);
    if (refusal) {
      done(refusal);
      return;
    }
    // a preflight is answered here, and the hook chain stops without done()
    if (!answerCors(request, reply)) done();
  });
  refuseConnect(app.server, deps.config.docsUrl);
  refuseOversizedBeforeContinue(app.server, BODY_LIMIT_BYTES, deps.config.docsUrl);

  app.setErrorHandler(createErrorHandler(deps.config.docsUrl, deps.failures));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routeIndex.allowedMethods(path).filter((method) => method !== 'OPTIONS');
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        request,
        reply,
        apiError('not_found', `${request.method} is not supported on ${path}; use ${allowed.join(', ')}.`),
        deps.config.docsUrl,
      );
    }
    return sendProblem(request, reply, apiError('not_found', `No resource at ${path}.`), deps.config.docsUrl);
  });

  await app.register(swagger, openApiOptions(deps.version));

  await app.register(
    async (v1) => {
      await registerPublicRoutes(v1, deps);
      await registerFeatureRoutes(v1, deps);
      await registerDocsRoutes(v1, deps);
    },
    { prefix: '/v1' },
  );
  return app;
}
