import type { Cities } from '../../domain/coverage/registry.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { DomainId } from '../../domain/grid/model-data.ts';
import type { CacheProbe } from '../ports/telemetry-port.ts';
import { type CatalogBody, type CatalogKey, catalogBody } from './catalog-body.ts';
import { buildSkeleton, type CatalogSkeleton, RANGED_LAYERS, stepHours } from './catalog-skeleton.ts';
import { type CatalogLiveData, catalogSources } from './catalog-sources.ts';
import type { ModelCatalog } from './model-catalog-port.ts';
import { RangeMemo } from './range-memo.ts';
import { SignedCatalogMemo } from './signed-catalog-memo.ts';
import type { TileSigner } from './tile-signer.ts';

/** what a shared cache may hold: a skeleton another instance assembled */
interface KeyValueCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number | null): Promise<void>;
}

/**
 * GET /map/{city} as a use case. The skeleton of each city is assembled on demand and
 * kept `ttlMs` (60 s); concurrent misses share one assembly. When the model fails, the
 * last good skeleton answers with fresh signatures (`stale`); with none, 503.
 */
export interface CatalogService {
  /**
   * starts computing the value ranges of every map city's current steps, in the
   * background; the promise settles (never rejects) when they are known or have failed
   */
  warm(nowMs?: number): Promise<void>;
  getCatalog(input: { city: string; key: CatalogKey; nowMs?: number }): Promise<{
    body: CatalogBody;
    cache: 'hit' | 'miss' | 'stale';
  }>;
}

export const CATALOG_TTL_MS = 60_000;

export function createCatalogService(deps: {
  model: ModelCatalog;
  /** the live city registry: the cities with a map */
  cities: Cities;
  signer: TileSigner;
  ttlMs?: number;
  /** budget for the model calls behind one assembly */
  deadlineMs?: number;
  /** how long an assembly waits for value ranges it does not know yet (default 3 s) */
  rangeWaitMs?: number;
  now?: () => number;
  /**
   * scale-out: the cache every instance shares (Redis), so that one assembly serves
   * them all (one `generated_utc`, `X-Cache: hit` on any instance within the TTL)
   */
  shared?: KeyValueCache;
  /** where per-hour value ranges outlive the process (the durable cache) */
  durable?: KeyValueCache;
  onCache?: CacheProbe | undefined;
  /** the live feeds, whose state each catalog tells (`sources`); generated weather without them */
  live?: CatalogLiveData | undefined;
}): CatalogService {
  const ttlMs = deps.ttlMs ?? CATALOG_TTL_MS;
  const withSources = new WeakMap<CatalogBody, { told: string; body: CatalogBody }>();
  const now = deps.now ?? Date.now;
  const lastGood = new Map<string, CatalogSkeleton>();
  const inFlight = new Map<string, Promise<CatalogSkeleton>>();
  const memo = new RangeMemo(deps.model, deps.durable);
  const rangeWaitMs = deps.rangeWaitMs ?? 3_000;
  const signed = new SignedCatalogMemo();

  const sharedKey = (cityId: string) => `map-catalog:${cityId}`;
  const fresh = (skeleton: CatalogSkeleton | undefined, nowMs: number): skeleton is CatalogSkeleton =>
    !!skeleton && nowMs - skeleton.generatedMs < ttlMs && nowMs >= skeleton.generatedMs;

  /** another instance's fresh skeleton, if the shared cache has one (an unreachable cache is a miss) */
  async function fromShared(cityId: string, nowMs: number): Promise<CatalogSkeleton | undefined> {
    if (!deps.shared) return undefined;
    const text = await deps.shared.get(sharedKey(cityId)).catch(() => null);
    if (!text) return undefined;
    const skeleton = JSON.parse(text) as CatalogSkeleton;
    if (!fresh(skeleton, nowMs)) return undefined;
    lastGood.set(cityId, skeleton);
    return skeleton;
  }

  function assemble(cityId: string, nowMs: number): Promise<CatalogSkeleton> {
    const running = inFlight.get(cityId);
    if (running) return running;
    const city = deps.cities().find(cityId)!;
    const work = buildSkeleton(deps.model, memo, city, nowMs, { rangeWaitMs, deadlineMs: deps.deadlineMs })
      .then((skeleton) => {
        lastGood.set(cityId, skeleton);
        const left = ttlMs - (now() - skeleton.generatedMs);
        if (deps.shared && left > 0)
          void deps.shared.set(sharedKey(cityId), JSON.stringify(skeleton), left).catch(() => {});
        return skeleton;
      })
      .finally(() => inFlight.delete(cityId));
    inFlight.set(cityId, work);
    return work;
  }

  return {
    warm(nowMs = now()) {
      const requests: Promise<void>[] = [];
      for (const city of deps.cities().cities) {
        if (!city.map || !city.products.map) continue;
        try {
          const hours = stepHours(deps.model, city, nowMs);
          const { map } = city;
          const layers = RANGED_LAYERS.filter((layer) => map.layers.includes(layer));
          if (layers.length > 0)
            requests.push(memo.request(city.id as DomainId, layers, hours, deps.deadlineMs));
        } catch {
          // a model that cannot answer now is asked again on the next warm-up or catalog
        }
      }
      return Promise.all(requests).then(() => undefined);
    },
    async getCatalog({ city: cityId, key, nowMs = now() }) {
      const city = deps.cities().find(cityId);
      if (!city?.products.map || !city.map) throw apiError('not_found', `No map for city '${cityId}'.`);
      const local = lastGood.get(cityId);
      const cached = fresh(local, nowMs) ? local : await fromShared(cityId, nowMs);
      let skeleton: CatalogSkeleton;
      let cache: 'hit' | 'miss' | 'stale';
      if (cached) {
        skeleton = cached;
        cache = 'hit';
      } else {
        try {
          skeleton = await assemble(cityId, nowMs);
          cache = 'miss';
        } catch (err) {
          // any failure of the back end (unavailable, timed out, broken) falls back alike
          const fallback = lastGood.get(cityId);
          if (!fallback) {
            throw apiError(
              'upstream_unavailable',
              'The map model service is unavailable and no catalog is cached.',
              {
                cause: err,
              },
            );
          }
          skeleton = fallback;
          cache = 'stale';
        }
      }
      deps.onCache?.(cache);
      const expS = deps.signer.expiry(nowMs);
      let body = signed.get(skeleton, city, key, expS);
      if (!body) {
        body = catalogBody({
          city,
          skeleton,
          key,
          signer: deps.signer,
          nowMs,
          ttlS: Math.round(ttlMs / 1000),
        });
        signed.set(skeleton, city, key, expS, body);
      }
      // the sources beside the kept body: the feeds' state is told as it is now, and the
      // same signed body with the same sources is the same object (nothing rebuilt per request)
      const sources = catalogSources(deps.live, skeleton);
      const told = JSON.stringify(sources);
      let held = withSources.get(body);
      if (held?.told !== told) {
        held = { told, body: { ...body, sources } };
        withSources.set(body, held);
      }
      return { body: held.body, cache };
    },
  };
}
