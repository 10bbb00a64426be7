import type { Product } from '../coverage/cities.ts';
import { ApiError, apiError, type ErrorCode } from './catalogue.ts';
import { type Dependency, DependencyUnavailableError, RETRY_AFTER_SECONDS } from './dependency.ts';
import { GeocoderError, ModelTimeoutError, ModelUnavailableError } from './failures.ts';

/**
 * The one translation of failures into the catalogue's codes, for every service: the
 * HTTP error handler calls it with the route's product, the report job with 'reports'.
 * One rule per failure type; a new failing dependency is one more row. The `detail`s
 * are public, so they never repeat the failure's internal message (except the
 * geocoder's, which is written to be shown).
 */
interface FailureRule {
  type: abstract new (...args: never[]) => Error;
  /** the outside thing that failed, as the logs name it */
  dependency: (error: Error) => string;
  code: ErrorCode;
  /** a different code for some services (the map's model outage is 503 in the spec) */
  codeFor?: Partial<Record<Product, ErrorCode>>;
  detail: (error: Error) => string;
  /** extra response headers (Retry-After on an outage) */
  headers?: Record<string, string>;
}

const UNAVAILABLE: Record<Dependency, string> = {
  database: 'The service’s database is unreachable',
  redis: 'The service’s shared store (Redis) is unreachable',
  disk: 'The service’s storage is full or not writable',
  queue: 'The report queue is unreachable',
  counters: 'The process that keeps the rate windows is restarting',
};

const RULES: readonly FailureRule[] = [
  {
    type: DependencyUnavailableError,
    dependency: (error) => (error as DependencyUnavailableError).dependency,
    code: 'upstream_unavailable',
    detail: (error) =>
      `${UNAVAILABLE[(error as DependencyUnavailableError).dependency]}; retry in a few seconds.`,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  },
  {
    type: ModelTimeoutError,
    dependency: () => 'model',
    code: 'upstream_timeout',
    detail: () =>
      'The compute back end did not answer in time; retry shortly and the finished work is served.',
  },
  {
    type: ModelUnavailableError,
    dependency: () => 'model',
    code: 'upstream_error',
    codeFor: { map: 'upstream_unavailable' },
    detail: () => 'The compute back end failed; retry with a short backoff.',
  },
  {
    type: GeocoderError,
    dependency: () => 'geocoder',
    code: 'upstream_error',
    detail: (error) => error.message,
  },
];

/** The ApiError a failure answers with, or null when it is a bug (the 500 fallback). */
export function translateFailure(error: unknown, product?: Product): ApiError | null {
  if (error instanceof ApiError) return error;
  for (const rule of RULES) {
    if (error instanceof rule.type) {
      const code = (product && rule.codeFor?.[product]) ?? rule.code;
      return apiError(code, rule.detail(error), { cause: error, headers: rule.headers });
    }
  }
  return null;
}

/**
 * The dependency whose failure `error` is, or wraps (an ApiError thrown with the failure
 * as its `cause`): the name the fault log counts a 5xx answer under; 'upstream' when the
 * failure is of no known kind.
 */
export function failingDependency(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    for (const rule of RULES) if (current instanceof rule.type) return rule.dependency(current);
    current = current.cause;
  }
  return 'upstream';
}
