import { type ApiError, apiError } from '../domain/errors/catalogue.ts';
import { type Dependency, DependencyUnavailableError } from '../domain/errors/dependency.ts';

/** Seconds a client is asked to wait: outages we recover from heal within about five. */
export const RETRY_AFTER_SECONDS = 5;

const WHAT: Record<Dependency, string> = {
  database: 'The service’s database is unreachable',
  redis: 'The service’s shared store (Redis) is unreachable',
  disk: 'The service’s storage is full or not writable',
  queue: 'The report queue is unreachable',
};

/**
 * A dependency outage as the client sees it: `503 upstream_unavailable` with
 * `Retry-After`. One small function so that the central error translation can fold it in.
 */
export function dependencyProblem(error: unknown): ApiError | null {
  if (!(error instanceof DependencyUnavailableError)) return null;
  return apiError('upstream_unavailable', `${WHAT[error.dependency]}; retry in a few seconds.`, {
    cause: error,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}
