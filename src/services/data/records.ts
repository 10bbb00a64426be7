import type { KeyValueCache } from '../../adapters/cache/port.ts';
import type { CityDefinition } from '../../domain/coverage/cities.ts';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import { swappedCoordinatesHint } from '../../domain/coverage/swapped-hint.ts';
import { assertCityInScope, entitledMetrics } from '../../domain/data/entitlement.ts';
import { meanRecords } from '../../domain/data/hourly-records.ts';
import { parseRadius } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { Metrics } from '../../domain/telemetry/port.ts';
import type { DomainId, MicroclimateModel } from '../../model/port.ts';
import { type CachedRecords, encodeRecordsBody } from './records-body.ts';
import { type ResolveAddress, resolveLocation } from './resolve-location.ts';
import { awaitWithDeadline, createSingleFlight } from './single-flight.ts';

export type RecordsProduct = 'realtime' | 'forecast';

export interface RecordsDeps {
  model: MicroclimateModel;
  /** short cache (memory, or Redis when shared) */
  cache: KeyValueCache;
  resolveAddress: ResolveAddress;
  clock: () => number;
  deadlineMs: number;
  /** cache hits/misses and single-flight joins */
  metrics?: Metrics;
}

const CACHE_TTL_MS = 5 * 60_000;
/** observed hours a real-time answer carries, the most recent last */
const OBSERVED_HOURS = 24;

/** The city a real-time or forecast request falls in, checked before any work. */
function coveringCity(lat: number, lon: number, product: RecordsProduct): CityDefinition {
  const coverage = classifyPoint(lat, lon);
  if (coverage.covered !== 'high_res') {
    throw apiError(
      'outside_coverage',
      coverage.covered === 'high_res_in_development'
        ? `High-resolution ${product} data for this part of ${coverage.city.name} is not published yet.`
        : `This location is outside every city covered by the ${product} product.${swappedCoordinatesHint(lat, lon)}`,
    );
  }
  if (!coverage.city.products[product]) {
    throw apiError('product_unavailable', `${coverage.city.name} does not offer the ${product} product.`);
  }
  return coverage.city;
}

export interface RecordsService {
  /** GET /realtime or /forecast for a key: the encoded JSON body (records-body.ts) and whether the cache answered */
  records(
    product: RecordsProduct,
    key: KeyRecord,
    query: { address?: string; lat?: string; lon?: string; radius?: string },
  ): Promise<{ body: Buffer; cacheStatus: 'hit' | 'miss' }>;
}

export function createRecordsService(deps: RecordsDeps): RecordsService {
  const flights = createSingleFlight<CachedRecords>(() =>
    deps.metrics?.count('svc_model_single_flight_joins_total', { kind: 'records' }),
  );
  // parsed payloads of this process, in front of the (possibly shared) string cache, so a
  // hit costs neither a round trip nor a JSON parse
  const parsed = new Map<string, { payload: CachedRecords; expiresAt: number }>();
  const PARSED_MAX = 2000;
  function remember(cacheKey: string, payload: CachedRecords, expiresAt: number): void {
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
    parsed.set(cacheKey, { payload, expiresAt });
  }

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
    const series = await deps.model.series(domain, cells, span);
    const info = deps.model.domain(domain);
    return { resolution_m: info.resolutionM, radius_m: radius, hourly: meanRecords(series, info.models) };
  }

  return {
    async records(
      product: RecordsProduct,
      key: KeyRecord,
      query: { address?: string; lat?: string; lon?: string; radius?: string },
    ) {
      const radius = parseRadius(query.radius, 10)!;
      const location = await resolveLocation(query, deps.resolveAddress);
      const city = coveringCity(location.lat, location.lon, product);
      assertCityInScope(key, city);
      // what a key reads is its metric scope intersected with what the city models
      const held = entitledMetrics(key, undefined, city.metrics, `in ${city.name}`);
      const domain = city.id as DomainId;
      const cacheKey = `${product}:${deps.model.version}:${location.lat}:${location.lon}:${radius}`;
      let cacheStatus: 'hit' | 'miss' = 'hit';
      const nowMs = deps.clock();
      let payload: CachedRecords;
      const local = parsed.get(cacheKey);
      if (local && local.expiresAt > nowMs) payload = local.payload;
      else {
        const cached = await deps.cache.get(cacheKey);
        if (cached) {
          payload = JSON.parse(cached) as CachedRecords;
          // shared entries may be older than ours: keep the local copy no longer than a short while
          remember(cacheKey, payload, nowMs + 30_000);
        } else {
          cacheStatus = 'miss';
          const work = flights.run(cacheKey, async () => {
            const computed = await compute(product, domain, location.lat, location.lon, radius);
            await deps.cache.set(cacheKey, JSON.stringify(computed), CACHE_TTL_MS);
            remember(cacheKey, computed, deps.clock() + CACHE_TTL_MS);
            return computed;
          });
          payload = await awaitWithDeadline(
            work,
            deps.deadlineMs,
            `The ${product} records for this location`,
          );
        }
      }
      deps.metrics?.count('svc_cache_requests_total', { cache: product, outcome: cacheStatus });
      const body = encodeRecordsBody(payload, city, location, held, deps.clock());
      return { body, cacheStatus };
    },
  };
}
