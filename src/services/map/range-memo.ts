import type { TimedMapLayer } from '../../domain/map/layers.ts';
import type { DomainId, LayerRange, MicroclimateModel } from '../../model/port.ts';

/**
 * Per-hour value ranges, asked of the model once per (domain, layer, hour, issue) and
 * remembered: a range is a full-domain computation, far too slow to repeat on every
 * catalog assembly, and it never changes for a given hour and issue. Requests run in
 * the background; callers read whatever is known.
 */
type Hour = { hourMs: number; issuedMs?: number };

const KEEP_MS = 4 * 24 * 3_600_000;

export class RangeMemo {
  private readonly known = new Map<string, LayerRange>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly model: MicroclimateModel) {}

  /** the domain's revision too: a re-imported city never shows its old ranges */
  private key(domain: string, layer: string, h: Hour): string {
    let revision = '';
    try {
      revision = this.model.domain(domain).revision;
    } catch {
      // an unknown domain: the model call that follows says so
    }
    return `${domain}@${revision}|${layer}|${h.hourMs}|${h.issuedMs ?? '-'}`;
  }

  get(domain: DomainId, layer: TimedMapLayer, h: Hour): LayerRange | undefined {
    return this.known.get(this.key(domain, layer, h));
  }

  /** starts computing what is neither known nor under way; resolves when all asked are settled */
  request(
    domain: DomainId,
    layer: TimedMapLayer,
    hours: readonly Hour[],
    deadlineMs?: number,
  ): Promise<void> {
    const missing = hours.filter((h) => !this.known.has(this.key(domain, layer, h)));
    const waits: Promise<void>[] = [];
    const fresh = missing.filter((h) => {
      const running = this.pending.get(this.key(domain, layer, h));
      if (running) waits.push(running);
      return !running;
    });
    if (fresh.length > 0) {
      // keys fixed now: results land under the revision they were computed for
      const keys = fresh.map((h) => this.key(domain, layer, h));
      const work = this.model
        .layerRange(domain, layer, fresh, deadlineMs === undefined ? undefined : { deadlineMs })
        .then((ranges) => {
          keys.forEach((key, i) => {
            const r = ranges[i];
            if (r) this.known.set(key, r);
          });
          this.prune(fresh[0]!.hourMs);
        })
        .catch(() => undefined) // unknown ranges are simply not published; a later request retries
        .finally(() => {
          for (const key of keys) this.pending.delete(key);
        });
      for (const key of keys) this.pending.set(key, work);
      waits.push(work);
    }
    return Promise.all(waits).then(() => undefined);
  }

  private prune(aroundMs: number): void {
    for (const key of this.known.keys()) {
      const hourMs = Number(key.split('|')[2]);
      if (Math.abs(hourMs - aroundMs) > KEEP_MS) this.known.delete(key);
    }
  }
}
