import { BoundedMap } from '../../domain/collections/bounded-map.ts';
import { constantTimeEqual } from '../../domain/security/constant-time-equal.ts';

/**
 * Tile requests already admitted, so that a map panning over one layer (and every client
 * asking for the same hot tiles) costs a look-up, a constant-time comparison and a few
 * checks instead of the whole admission (path parsing, the canonical message, the
 * signature memo, the layer and step rules, the cache key).
 *
 * Looked up by the request URL without its signature (the address, key id, expiry and
 * issued hour are all in it); the presented signature is then compared in constant time
 * with the one that verified, so the memo never finds anything by the text of a
 * signature. Only genuine, admitted requests are remembered, so forgeries can neither
 * fill nor evict it.
 *
 * What can change after admission is checked again on every hit by the caller: the
 * key's activity (a revoked key's URLs stop at once), the model version and the expiry
 * (an entry lives no longer than its URL, and at most `MAX_AGE_MS`, so rules that depend
 * on the clock, such as how far back an observed hour stays addressable, are re-applied
 * at least once a minute).
 */
export interface AdmittedTile {
  keyId: string;
  /** the tile cache's key of this address */
  cacheKey: string;
  modelVersion: string;
  /** the memo answers for this entry until then (epoch ms) */
  validUntilMs: number;
  /** the signature text that verified */
  signature: string;
}

const MAX_ENTRIES = 4096;
export const MAX_AGE_MS = 60_000;

/**
 * A request URL split into the memo's look-up text (the URL without its `sig` parameter)
 * and the signature text, or null unless the query has exactly one `sig`. Equal URL
 * texts are the same request (same path parameters, same query), so an entry found by
 * the look-up text and matching signature answers for a URL that was admitted before.
 */
export function splitSignature(url: string): { lookup: string; signature: string } | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  let at = url.indexOf('sig=', query);
  while (at > 0 && url[at - 1] !== '&' && url[at - 1] !== '?') at = url.indexOf('sig=', at + 4);
  if (at < 0) return null;
  let end = url.indexOf('&', at);
  if (end < 0) end = url.length;
  const rest = url.slice(end);
  if (rest.includes('&sig=')) return null;
  // drop `sig=…` with the `&` on one side, so the look-up text is the URL without it
  // (a URL ending with its signature, as every signed one does, joins nothing to an empty
  // rest: V8 returns the slice itself, which the memo's Map hashes without a flattening copy)
  const lookup = url[at - 1] === '&' ? url.slice(0, at - 1) + rest : url.slice(0, at) + rest.slice(1);
  return { lookup, signature: url.slice(at + 4, end) };
}

export class AdmissionMemo {
  private readonly entries = new BoundedMap<string, AdmittedTile>(MAX_ENTRIES);

  /** the entry admitted for this look-up text and presented signature, still within its time */
  find(lookup: string, presentedSignature: string, nowMs: number): AdmittedTile | undefined {
    const entry = this.entries.get(lookup);
    if (!entry) return undefined;
    if (nowMs >= entry.validUntilMs) {
      this.entries.delete(lookup);
      return undefined;
    }
    return constantTimeEqual(entry.signature, presentedSignature) ? entry : undefined;
  }

  remember(lookup: string, entry: AdmittedTile): void {
    this.entries.set(lookup, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}
