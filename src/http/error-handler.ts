import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../domain/errors/catalogue.ts';
import { failingDependency, translateFailure } from '../domain/errors/translate.ts';
import { sendProblem, toApiError } from './problem.ts';
import { lingerAfterRefusal } from './server-limits.ts';

/** Where 5xx answers caused by a failing dependency are counted (adapters/faults/fault-log.ts). */
export interface UpstreamFailureLog {
  answered(dependency: string, status: number, error: unknown): void;
}

/**
 * The one error handler: framework refusals (validation, content type, body size) and
 * thrown ApiErrors render as they are; failures of outside things go through
 * `translateFailure` with the route's product; anything else is a bug and answers the
 * catalogue's `internal_error` (500), logged with its stack once. An outage answers
 * many requests 5xx at once: those go to the throttled failure log (one line per
 * dependency per window, with a count, no stack), never one line per request.
 */
export function createErrorHandler(docsUrl: string, failures: UpstreamFailureLog) {
  return function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    reply.header('x-request-id', request.id);
    const mapped = toApiError(error) ?? translateFailure(error, request.routeOptions.config?.product);
    if (!mapped) {
      request.log.error({ err: error }, 'unhandled error');
      const internal = apiError(
        'internal_error',
        'The service failed unexpectedly; the request id identifies the failure in our logs.',
      );
      return sendProblem(request, reply, internal, docsUrl);
    }
    if (mapped.status >= 500) failures.answered(failingDependency(error), mapped.status, error);
    lingerAfterRefusal(request, reply);
    return sendProblem(request, reply, mapped, docsUrl);
  };
}
