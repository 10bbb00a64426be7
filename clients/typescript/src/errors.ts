/** The error codes of the API's problem documents (the `code` field); branch on these. */
export type SvcErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'url_expired'
  | 'forbidden'
  | 'not_found'
  | 'outside_coverage'
  | 'product_unavailable'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'upstream_error'
  | 'upstream_timeout'
  | 'upstream_unavailable'
  | 'internal_error'
  /** raised by this client: the request never got an answer */
  | 'network_error'
  /** raised by this client: a report job ended in `failed` */
  | 'report_failed';

/** A failed call: the problem document's fields, typed by `code`. */
export class SvcApiError extends Error {
  override readonly name = 'SvcApiError';
  constructor(
    readonly status: number,
    readonly code: SvcErrorCode,
    readonly detail: string,
    readonly requestId?: string,
  ) {
    super(`${code} (${status}): ${detail}`);
  }

  /** Builds the error from an answer's problem document (or what stands in for one). */
  static fromProblem(status: number, problem: unknown, fallback: string): SvcApiError {
    const body = (typeof problem === 'object' && problem !== null ? problem : {}) as Record<string, unknown>;
    return new SvcApiError(
      status,
      (typeof body.code === 'string' ? body.code : 'internal_error') as SvcErrorCode,
      typeof body.detail === 'string' ? body.detail : fallback,
      typeof body.request_id === 'string' ? body.request_id : undefined,
    );
  }
}

/** True when `error` is an API error with that code (narrows for TypeScript). */
export function isSvcError(error: unknown, code?: SvcErrorCode): error is SvcApiError {
  return error instanceof SvcApiError && (code === undefined || error.code === code);
}
