import type { ErrorCode } from './catalogue.ts';

/** What each error code means for a client and what to do about it (the errors page). */
export const ERROR_EXPLANATIONS: Record<ErrorCode, { when: string; action: string }> = {
  validation_error: {
    when: 'A parameter or body field is missing, malformed or out of range: radius outside 5 to 50, an address together with coordinates, a malformed job id, an unknown metrics value, an invalid metric or format, a body that is not JSON or too large, a repeated query parameter.',
    action: 'Fix the request; `detail` names the parameter. Retrying the same request will fail again.',
  },
  unauthorized: {
    when: 'No API key was sent, the key is not recognised, or a signed tile URL is unsigned or its signature does not verify.',
    action:
      'Send the key as `Authorization: Bearer <key>` or `X-API-Key: <key>`. For tiles, re-read the map catalog and use its URLs unchanged.',
  },
  url_expired: {
    when: 'A signed tile URL was used after its `exp`.',
    action: 'Fetch the map catalog again: it carries freshly signed URLs (see `meta.url_expires_utc`).',
  },
  forbidden: {
    when: 'The key is valid but not entitled: deactivated, expired, not scoped to the city, lacking the product, not holding a requested metric, a publishable key from an unregistered origin, or a secret key sent from a browser.',
    action:
      'A 403 is always about the key. Check its scopes with GET /v1/key or ask the operator for a key with the right scope.',
  },
  not_found: {
    when: 'Unknown city, scale, report job, tile address or path; a report file not yet generated or past its 30-day retention; or a method the path does not support (an `Allow` header lists the right ones).',
    action: 'Check the identifier; for report files poll the job until it is completed.',
  },
  outside_coverage: {
    when: 'The location is outside every covered area, or the address could not be resolved inside one.',
    action:
      'Treat it as "not covered yet", not as a fault. GET /v1/cities lists what is covered; any place in Belgium has historical statistics and reports. When the `detail` says no address matched inside a covered city, the place is covered but the text was not understood: the detail says what was read (street, number, municipality); check the address, or send `lat` and `lon` instead.',
  },
  product_unavailable: {
    when: 'The city exists but does not offer the product (for example real-time in Charleroi) or does not model the requested metric.',
    action: 'GET /v1/cities/{city} lists the products and metrics of each city.',
  },
  rate_limited: {
    when: "The key's per-minute request limit is used up.",
    action: 'Wait the number of seconds in `Retry-After` (the start of the next minute window).',
  },
  quota_exceeded: {
    when: "The key's daily report quota is used up. Nothing was started and nothing was counted.",
    action: 'Retry after midnight UTC, or ask the operator for a larger quota.',
  },
  upstream_error: {
    when: 'The geocoder or the compute back end (a model worker) failed.',
    action: 'Retry with a short backoff.',
  },
  upstream_unavailable: {
    when: 'The map model service is unreachable and no cached catalog exists yet.',
    action: 'Retry later.',
  },
  upstream_timeout: {
    when: 'The compute back end did not answer in time. The work goes on and its result is cached.',
    action: 'Retry: the retry resumes the work already done and is usually answered from the cache.',
  },
  internal_error: {
    when: 'The service failed unexpectedly: a bug, not something the request did. It is not one of the documented outcomes of any endpoint.',
    action:
      'Retry once; if it persists, report the `request_id` (also in the `X-Request-Id` header) to the operator.',
  },
};
