/** Seconds a client is asked to wait (Retry-After): outages we recover from heal within about five. */
export const RETRY_AFTER_SECONDS = 5;

/** The parts the service depends on whose outage is not the caller's fault. */
/** `counters`: the primary process that owns the rate windows of a multi-process server (WORKERS) */
export type Dependency = 'database' | 'redis' | 'disk' | 'queue' | 'counters';

/**
 * A dependency the request needs is down, full or unreachable. Adapters throw it in
 * place of the driver's own error (kept as `cause` for the logs); the HTTP layer answers
 * `503 upstream_unavailable` with `Retry-After`. It is never the caller's fault and never
 * a bug, so it is never a 500.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DependencyUnavailableError';
  }
}
