import { BoundedMap } from '../../../domain/collections/bounded-map.ts';
import type { HourSpec } from './hour-tables.ts';

/**
 * A domain's live field for a span of hours (docs/live-data.md, issue #37 item 5): the
 * fed meteorology's hour table and the station correction spread over the grid. When a
 * new observed hour lands every location asks for the new span at once; the field is
 * computed on the first ask and shared by every later location and map tile of that
 * span on this thread, instead of once per location. New feed data (a new version of the
 * live inputs) starts afresh.
 */
const KEPT = 64;

export class LiveFieldCache<T> {
  private readonly fields = new BoundedMap<string, T>(KEPT);
  /** fields computed since the start: one per domain, span and version, not per location */
  computed = 0;

  of(key: string, compute: () => T): T {
    const kept = this.fields.use(key);
    if (kept !== undefined) return kept;
    const field = compute();
    this.computed++;
    this.fields.set(key, field);
    return field;
  }

  clear(): void {
    this.fields.clear();
  }
}

/** a field's key: the domain's revision, the live inputs' version and the hours (issue included) */
export function liveFieldKey(
  domain: string,
  revision: string,
  version: string,
  hours: readonly HourSpec[],
): string {
  const span = hours.map((h) => (h.issuedMs === undefined ? h.hourMs : `${h.hourMs}/${h.issuedMs}`));
  return `${domain}@${revision}|${version}|${span.join(',')}`;
}
