import { BoundedMap } from '../../domain/collections/bounded-map.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { meanRecords } from '../../domain/data/hourly-records.ts';
import { parseRadius, RECORDS_DEFAULT_RADIUS_M } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { DomainId } from '../../domain/grid/model-data.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { LiveData } from '../live/live-data.ts';
import type { StationsService } from '../live/stations.ts';
import type { KeyValueCache } from '../ports/cache-port.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import { geometryOf } from './geometry-meta.ts';
import type { ModelSeries } from './model-series-port.ts';
import { type CachedRecords, createRecordsBodyEncoder } from './records-body.ts';
import {
  type Placement,
  PlacementMemo,
  place,
  type RecordsProduct,
  type RecordsQuery,
} from './records-placement.ts';
import { type ResolveAddress, resolveLocation } from './resolve-location.ts';
import { awaitWithDeadline, createSingleFlight } from './single-flight.ts';

export type { RecordsProduct } from './records-placement.ts';

export interface RecordsDeps {
  model: ModelSampling & ModelSeries;
  /** the live city registry: which city a location falls in */
  cities: Cities;
  /** short cache (memory, or Redis when shared) */
  cache: KeyValueCache;
  resolveAddress: ResolveAddress;
  clock: () => number;
  deadlineMs: number;
  /** cache hits/misses and single-flight joins */
  metrics?: Metrics;
  /** the feeds behind the live hours (meta.sources); absent: synthetic weather, said so */
  live?: LiveData;
  /** the measuring station nearest a point (meta.nearest_station, issue #50); absent: none named */
  stations?: Pick<StationsService, 'nearest'>;
}

const CACHE_TTL_MS = 5 * 60_000;
/** observed hours a real-time answer carries, the most recent last */
const OBSERVED_HOURS = 24;

export interface RecordsAnswer {
  body: Buffer;
  cacheStatus: 'hit' | 'miss';
}

export interface RecordsService {
  /** GET /realtime or /forecast for a key: the encoded JSON body (records-body.ts) and whether the cache answered */
  records(product: RecordsProduct, key: KeyRecord, query: RecordsQuery): Promise<RecordsAnswer>;
  /**
   * The same answer without a promise when it is at hand: a coordinate query whose
   * records this process holds (the common poll of one place). Undefined sends the
   * request to `records`; refusals (bad input, coverage, scope) are thrown as there.
   */
  recordsNow(product: RecordsProduct, key: KeyRecord, query: RecordsQuery): RecordsAnswer | undefined;
}

export function createRecordsService(deps: RecordsDeps): RecordsService {
  const flights = createSingleFlight<CachedRecords>(() =>
    deps.metrics?.count('svc_model_single_flight_joins_total', { kind: 'records' }),
  );
  // parsed payloads of this process, in front of the (possibly shared) string cache, so a
  // hit costs neither a round trip nor a JSON parse
  const parsed = new BoundedMap<string, { payload: CachedRecords; expiresAt: number }>(2000);
  // the answers' framings around retrieved_utc, per payload and place (records-body.ts)
  const encodeBody = createRecordsBodyEncoder();

  async function compute(
    product: RecordsProduct,
    domain: DomainId,
    lat: number,
    lon: number,
    radius: number,
  ) {
    let cells = deps.model.outdoorCellsWithin(domain, lat, lon, radius);
    // a point deep inside a building: use the nearest outdoor cells rather than nothing
    if (cells.length === 0) cells = deps.model.nearestOutdoor(domain, lat, lon)?.cells ?? [];
    if (cells.length === 0)
      throw apiError('outside_coverage', 'No outdoor grid cell was found near this location.');
    const latest = deps.model.latestObservedHour(deps.clock());
    const span =
      product === 'realtime'
        ? { kind: 'observed' as const, fromMs: latest - (OBSERVED_HOURS - 1) * 3_600_000, toMs: latest }
        : { kind: 'forecast' as const, issuedMs: latest };
    // the inputs' sources as they stand before the model is asked (LiveData.snapshot)
    const live = deps.live?.snapshot();
    const [series, nearest] = await Promise.all([
      deps.model.series(domain, cells, span),
      deps.stations?.nearest({ lat, lon }) ?? null,
    ]);
    const info = deps.model.domain(domain);
    const hours = series[0]?.hours ?? [];
    const window = { fromMs: hours[0] ?? latest, toMs: hours[hours.length - 1] ?? latest };
    const sources = !live
      ? [
          {
            id: 'synthetic' as const,
            kind: 'synthetic' as const,
            status: 'fallback' as const,
            as_of: new Date(window.toMs).toISOString(),
          },
        ]
      : product === 'realtime'
        ? live.realtimeSources(window)
        : live.forecastSources(window, latest);
    return {
      resolution_m: info.resolutionM,
      radius_m: radius,
      hourly: meanRecords(series, info.models),
      sources,
      ...geometryOf(deps.model, domain, { lat, lon }),
      ...(nearest ? { nearest_station: nearest } : {}),
    };
  }

  const placements = new PlacementMemo(deps.cities);
  // a memoised placement keeps its cache key for the model version it was made for
  const cacheKeys = new WeakMap<Placement, { version: string; key: string }>();
  function cacheKeyOf(product: RecordsProduct, at: Placement): string {
    // new feed data (or a feed's new status) is a new version of the live hours
    const version = `${deps.model.version}~${deps.live?.key() ?? 'synthetic'}`;
    const known = cacheKeys.get(at);
    if (known !== undefined && known.version === version) return known.key;
    const key = `${product}:${version}:${at.location.lat}:${at.location.lon}:${at.radius}`;
    cacheKeys.set(at, { version, key });
    return key;
  }

  /** the answer from this process's parsed copy, if it holds a fresh one */
  function answerHeld(product: RecordsProduct, at: Placement): RecordsAnswer | undefined {
    const nowMs = deps.clock();
    const local = parsed.get(cacheKeyOf(product, at));
    if (local === undefined || local.expiresAt <= nowMs) return undefined;
    return answered(product, at, local.payload, 'hit');
  }

  function answered(
    product: RecordsProduct,
    at: Placement,
    payload: CachedRecords,
    cacheStatus: 'hit' | 'miss',
  ): RecordsAnswer {
    // checked first: with metrics off, a hit allocates no labels for a count that goes nowhere
    if (deps.metrics?.enabled)
      deps.metrics.count('svc_cache_requests_total', { cache: product, outcome: cacheStatus });
    return { body: encodeBody(payload, at, deps.clock()), cacheStatus };
  }

  async function placementOf(
    product: RecordsProduct,
    key: KeyRecord,
    query: RecordsQuery,
  ): Promise<Placement> {
    if (query.address === undefined) return placements.ofPoint(product, key, query);
    const radius = parseRadius(query.radius, RECORDS_DEFAULT_RADIUS_M)!;
    const location = await resolveLocation(query, deps.resolveAddress);
    return place(deps.cities(), product, key, location, radius);
  }

  return {
    recordsNow(product, key, query) {
      if (query.address !== undefined) return undefined;
      return answerHeld(product, placements.ofPoint(product, key, query));
    },
    async records(product, key, query) {
      const at = await placementOf(product, key, query);
      const held = answerHeld(product, at);
      if (held) return held;
      const cacheKey = cacheKeyOf(product, at);
      const cached = await deps.cache.get(cacheKey);
      if (cached) {
        const payload = JSON.parse(cached) as CachedRecords;
        // shared entries may be older than ours: keep the local copy no longer than a short while
        parsed.set(cacheKey, { payload, expiresAt: deps.clock() + 30_000 });
        return answered(product, at, payload, 'hit');
      }
      const work = flights.run(cacheKey, async () => {
        const computed = await compute(
          product,
          at.city.id as DomainId,
          at.location.lat,
          at.location.lon,
          at.radius,
        );
        await deps.cache.set(cacheKey, JSON.stringify(computed), CACHE_TTL_MS);
        parsed.set(cacheKey, { payload: computed, expiresAt: deps.clock() + CACHE_TTL_MS });
        return computed;
      });
      const payload = await awaitWithDeadline(
        work,
        deps.deadlineMs,
        `The ${product} records for this location`,
      );
      return answered(product, at, payload, 'miss');
    },
  };
}
