/**
 * Failures of things outside this process, in their own words. The model, the geocoder
 * and the worker threads throw these (never an ApiError: an adapter does not know which
 * answer the API gives); `translateFailure` (./translate.ts) turns them into problem
 * documents in one place.
 */

/** A compute call outlived its deadline; the work keeps running and its result is kept. */
export class ModelTimeoutError extends Error {
  constructor(readonly workKey: string | undefined) {
    super('the compute back end did not answer within its deadline');
    this.name = 'ModelTimeoutError';
  }
}

/** The model (or a worker thread computing for it) could not answer at all. */
export class ModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }
}

/** The geocoder failed: unreachable, too slow, non-2xx or an unreadable body. `message` is safe to show. */
export class GeocoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}
