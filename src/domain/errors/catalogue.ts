/**
 * The twelve error codes of the API, and the fallback for a bug, in one place. Everything that fails on purpose
 * throws an ApiError built by `apiError(code, detail)`; the HTTP error handler renders it
 * as an RFC 9457 problem document. The public `detail` is what the caller reads; the
 * optional `cause` is for logs only.
 */
export const ERROR_CATALOGUE = {
  validation_error: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Authentication required' },
  url_expired: { status: 401, title: 'Signed URL expired' },
  forbidden: { status: 403, title: 'Key not entitled' },
  not_found: { status: 404, title: 'Not found' },
  outside_coverage: { status: 422, title: 'Location not covered' },
  product_unavailable: { status: 422, title: 'Product unavailable here' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  quota_exceeded: { status: 429, title: 'Daily report quota exceeded' },
  upstream_error: { status: 502, title: 'Upstream service failed' },
  upstream_unavailable: { status: 503, title: 'Upstream service unavailable' },
  upstream_timeout: { status: 504, title: 'Upstream service timed out' },
  // not in the spec's table: only a bug answers it, rendered like every other code
  internal_error: { status: 500, title: 'Internal error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(`${code}: ${detail}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
    this.headers = options?.headers ?? {};
  }
  /** extra response headers, e.g. Retry-After on rate_limited */
  readonly headers: Record<string, string>;
}

export function apiError(
  code: ErrorCode,
  detail: string,
  options?: { cause?: unknown; headers?: Record<string, string> },
): ApiError {
  return new ApiError(code, detail, options);
}
