import type { DomainId, LayerRange } from '../../domain/grid/model-data.ts';
import type { TimedMapLayer } from '../../domain/map/layers.ts';
import type { KeyValueCache } from '../ports/cache-port.ts';
import type { ModelCatalog } from './model-catalog-port.ts';

/**
 * Per-hour value ranges, asked of the model once per (domain, layer, hour, issue) and
 * remembered: a range is a full-domain computation, far too slow to repeat on every
 * catalog assembly, and it never changes for a given hour and issue. Requests run in
 * the background; callers read whatever is known. With a durable cache the ranges also
 * outlive the process (and reach the other processes sharing it): a restarted service
 * publishes its first catalog in milliseconds instead of recomputing every hour's range.
 */
type Hour = { hourMs: number; issuedMs?: number };

const KEEP_MS = 4 * 24 * 3_600_000;

function hourId(h: Hour): string {
  return `${h.hourMs}|${h.issuedMs ?? '-'}`;
}

export class RangeMemo {
  private readonly known = new Map<string, LayerRange>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly model: ModelCatalog,
    private readonly durable?: Pick<KeyValueCache, 'get' | 'set'>,
  ) {}

  /** the durable cache's key: the model version too, since a new model computes other ranges */
  private durableKey(key: string): string {
    return `map-range:${this.model.version}~${this.model.inputsVersion ?? ''}:${key}`;
  }

  /** the domain's revision too: a re-imported city never shows its old ranges */
  private key(domain: string, layer: string, h: Hour): string {
    let revision = '';
    try {
      revision = this.model.domain(domain).revision;
    } catch {
      // an unknown domain: the model call that follows says so
    }
    return `${domain}@${revision}~${this.model.inputsVersion ?? ''}|${layer}|${hourId(h)}`;
  }

  get(domain: DomainId, layer: TimedMapLayer, h: Hour): LayerRange | undefined {
    return this.known.get(this.key(domain, layer, h));
  }

  /**
   * starts computing what is neither known nor under way; resolves when all asked are
   * settled. The layers left of every hour go to the model in one call, which computes an
   * hour's layers in one pass over the cells.
   */
  request(
    domain: DomainId,
    layers: readonly TimedMapLayer[],
    hours: readonly Hour[],
    deadlineMs?: number,
  ): Promise<void> {
    const waits = new Set<Promise<void>>();
    // keys fixed now: results land under the revision they were computed for
    const fresh: Array<{ layer: TimedMapLayer; hour: Hour; key: string }> = [];
    for (const hour of hours) {
      for (const layer of layers) {
        const key = this.key(domain, layer, hour);
        if (this.known.has(key)) continue;
        const running = this.pending.get(key);
        if (running) waits.add(running);
        else fresh.push({ layer, hour, key });
      }
    }
    if (fresh.length > 0) {
      const keys = fresh.map((f) => f.key);
      const work = this.recall(keys)
        .then(async (recalled) => {
          const left = fresh.filter((_, i) => !recalled[i]);
          if (left.length === 0) return;
          const leftHours = new Map<string, Hour>();
          for (const { hour } of left) leftHours.set(hourId(hour), hour);
          const leftLayers = [...new Set(left.map((f) => f.layer))];
          const ranges = await this.model.layerRanges(
            domain,
            leftLayers,
            [...leftHours.values()],
            deadlineMs === undefined ? undefined : { deadlineMs },
          );
          const index = new Map([...leftHours.keys()].map((id, i) => [id, i]));
          for (const { layer, hour, key } of left) {
            const r = ranges[index.get(hourId(hour))!]?.[layer];
            if (r) {
              this.known.set(key, r);
              this.keep(key, r);
            }
          }
        })
        .then(() => this.prune(fresh[0]!.hour.hourMs))
        .catch(() => undefined) // unknown ranges are simply not published; a later request retries
        .finally(() => {
          for (const key of keys) this.pending.delete(key);
        });
      for (const key of keys) this.pending.set(key, work);
      waits.add(work);
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** reads what the durable cache knows into memory; true per key found (an unreachable cache knows nothing) */
  private async recall(keys: readonly string[]): Promise<boolean[]> {
    const durable = this.durable;
    if (!durable) return keys.map(() => false);
    return Promise.all(
      keys.map(async (key) => {
        const text = await durable.get(this.durableKey(key)).catch(() => null);
        if (text === null) return false;
        // JSON has no NaN: "no data at this hour" is stored as nulls
        const stored = JSON.parse(text) as { min: number | null; max: number | null };
        this.known.set(key, { min: stored.min ?? Number.NaN, max: stored.max ?? Number.NaN });
        return true;
      }),
    );
  }

  private keep(key: string, range: LayerRange): void {
    if (!this.durable) return;
    const text = JSON.stringify({
      min: Number.isFinite(range.min) ? range.min : null,
      max: Number.isFinite(range.max) ? range.max : null,
    });
    void this.durable.set(this.durableKey(key), text, KEEP_MS).catch(() => {});
  }

  private prune(aroundMs: number): void {
    for (const key of this.known.keys()) {
      const hourMs = Number(key.split('|')[2]);
      if (Math.abs(hourMs - aroundMs) > KEEP_MS) this.known.delete(key);
    }
  }
}
