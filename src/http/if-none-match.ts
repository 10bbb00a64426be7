/**
 * Whether a conditional GET revalidates (RFC 9110 §13.1.2): `If-None-Match` is `*` or a
 * list of entity tags, and matches when any of them names the current ETag by weak
 * comparison, a `W/` prefix ignored on either side. Tags are read as quoted strings, not
 * split on commas, since a comma may sit inside one.
 */
const ENTITY_TAG = /(?:W\/)?"([^"]*)"/g;

/** the opaque tag of an ETag, without its weakness prefix or quotes */
function opaqueTag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const current = opaqueTag(etag);
  for (const [, tag] of header.matchAll(ENTITY_TAG)) if (tag === current) return true;
  return false;
}
