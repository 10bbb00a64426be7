/**
 * The If-None-Match values that must revalidate a response whose ETag is `etag` (RFC 9110
 * weak comparison): its weak form, a list holding it among others, and `*`.
 */
export function revalidatingIfNoneMatch(etag: string): string[] {
  return [`W/${etag}`, `"stale-1", ${etag}, "stale-2"`, '*'];
}
