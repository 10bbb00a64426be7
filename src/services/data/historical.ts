import type { KeyValueCache } from '../../adapters/cache/port.ts';
import type { CityDefinition, DataMetric } from '../../domain/coverage/cities.ts';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import { swappedCoordinatesHint } from '../../domain/coverage/swapped-hint.ts';
import { assertCityInScope, entitledMetrics } from '../../domain/data/entitlement.ts';
import { parseMetrics, parseRadius } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import type { Dataset, HistoricalStats } from '../../domain/stats/historical-stats.ts';
import type { Metrics } from '../../domain/telemetry/port.ts';
import type { DomainId, MicroclimateModel } from '../../model/port.ts';
import { type ResolveAddress, resolveLocation } from './resolve-location.ts';
import { sampleCells } from './sampling.ts';
import { awaitWithDeadline, createSingleFlight } from './single-flight.ts';
import { type ComputedStatistics, computeStatistics } from './statistics-computation.ts';
import type { StatisticsEngine } from './statistics-engine.ts';

export type { Dataset } from '../../domain/stats/historical-stats.ts';

export interface HistoricalQuery {
  address?: string | undefined;
  lat?: string | undefined;
  lon?: string | undefined;
  radius?: string | undefined;
  metrics?: string | undefined;
}

export interface HistoricalDeps {
  model: MicroclimateModel;
  /** durable: results survive restarts */
  cache: KeyValueCache;
  statistics: StatisticsEngine;
  resolveAddress: ResolveAddress;
  clock: () => number;
  deadlineMs: number;
  /** cache hits/misses and single-flight joins */
  metrics?: Metrics;
}

/** Which dataset answers a location: the hyper-local model inside Brussels' zone, the nationwide grid elsewhere in Belgium. */
export function datasetFor(
  lat: number,
  lon: number,
): { dataset: Dataset; domain: DomainId; city: CityDefinition | null } {
  const coverage = classifyPoint(lat, lon);
  if (coverage.covered === false) {
    throw apiError(
      'outside_coverage',
      `This location is outside Belgium, the area the service covers.${swappedCoordinatesHint(lat, lon)}`,
    );
  }
  if (coverage.covered === 'high_res' && coverage.city.products.historical) {
    return { dataset: 'brussels_extended', domain: coverage.city.id as DomainId, city: coverage.city };
  }
  return { dataset: 'belgium_lowres', domain: 'belgium', city: null };
}

/** A resolved location: the address it was given by (or null) and its coordinates. */
type Location = { address: string | null; lat: number; lon: number };

export interface HistoricalService {
  /** GET /historical/stats for a key */
  stats(
    key: KeyRecord,
    query: HistoricalQuery,
  ): Promise<{ body: HistoricalStats; cacheStatus: 'hit' | 'miss' }>;
  /**
   * every modelled metric for a location already resolved and checked (reports); no
   * deadline. A radius the caller did not choose (`radiusGiven` false) never fails for
   * lack of outdoor cells: a location inside a building reads the nearest outdoor cells.
   */
  statsForLocation(location: Location, radius: number, radiusGiven?: boolean): Promise<HistoricalStats>;
  /** refuses (422 outside_coverage) a chosen radius that holds no outdoor cell, before anything is counted */
  assertSampleable(location: { lat: number; lon: number }, radius: number, radiusGiven: boolean): void;
}

export function createHistoricalService(deps: HistoricalDeps): HistoricalService {
  const flights = createSingleFlight<ComputedStatistics>(() =>
    deps.metrics?.count('svc_model_single_flight_joins_total', { kind: 'historical' }),
  );

  async function computeAndStore(
    cacheKey: string,
    domain: DomainId,
    cells: number[],
  ): Promise<ComputedStatistics> {
    // no workKey: a caller past its deadline leaves this work running into the durable
    // cache, where a retry finds it, so the model need not keep the series (MBs) as well
    const result = await computeStatistics(deps, domain, cells);
    await deps.cache.set(cacheKey, JSON.stringify(result), null);
    return result;
  }

  /**
   * The statistics for a resolved location: sampling, cache (durable, per location, radius
   * and model version), one computation for concurrent identical requests, and a deadline
   * past which the caller gets 504 while the work finishes into the cache.
   */
  async function assemble(input: {
    location: { address: string | null; lat: number; lon: number };
    radius: number | undefined;
    key: KeyRecord | null;
    requested: DataMetric[] | undefined;
    deadlineMs: number;
    /** the radius is a default (reports): none of its cells outdoors → the nearest outdoor ones */
    widenToNearest?: boolean;
  }) {
    const { location, radius } = input;
    const { dataset, domain, city } = datasetFor(location.lat, location.lon);
    if (city && input.key) assertCityInScope(input.key, city);
    const info = deps.model.domain(domain);
    const modelled = (['air', 'wind', 'thermal'] as const).filter((m) => info.models[m]) as DataMetric[];
    const where = dataset === 'belgium_lowres' ? 'nationwide' : `in ${city?.name}`;
    const metrics = input.key ? entitledMetrics(input.key, input.requested, modelled, where) : modelled;
    // the nationwide grid answers with the cell containing the location and ignores radius
    const sampling = sampleCells(
      deps.model,
      domain,
      location.lat,
      location.lon,
      dataset === 'belgium_lowres' ? undefined : radius,
      input.widenToNearest,
    );
    const cacheKey = `historical:${deps.model.version}:${dataset}:${location.lat}:${location.lon}:${sampling.radiusM ?? '-'}`;
    let cacheStatus: 'hit' | 'miss' = 'hit';
    let result: ComputedStatistics;
    const cached = await deps.cache.get(cacheKey);
    if (cached) result = JSON.parse(cached) as ComputedStatistics;
    else {
      cacheStatus = 'miss';
      const work = flights.run(cacheKey, () => computeAndStore(cacheKey, domain, sampling.cells));
      result = await awaitWithDeadline(work, input.deadlineMs, 'The annual statistics for this location');
    }
    deps.metrics?.count('svc_cache_requests_total', { cache: 'historical', outcome: cacheStatus });
    const meta: HistoricalStats['meta'] = {
      dataset,
      reference_year: info.referenceYear,
      sampling: sampling.sampling,
      ...(sampling.distanceM !== undefined ? { distance_m: Math.round(sampling.distanceM * 10) / 10 } : {}),
      ...(sampling.radiusM !== undefined ? { radius_m: sampling.radiusM } : {}),
      n_cells: sampling.cells.length,
      hours: result.hours,
      metrics,
      generated_utc: result.generated_utc,
    };
    const body: HistoricalStats = {
      ...(city ? { city: { id: city.id, name: city.name, country: city.country } } : {}),
      location: { address: location.address, lat: location.lat, lon: location.lon },
      meta,
    };
    const { air, wind, thermal } = result.blocks;
    if (air && metrics.includes('air')) body.air = air;
    if (wind && metrics.includes('wind')) body.wind = wind;
    if (thermal && metrics.includes('thermal')) body.thermal = thermal;
    return { body, cacheStatus };
  }

  return {
    /** GET /historical/stats for a key */
    async stats(key: KeyRecord, query: HistoricalQuery) {
      const radius = parseRadius(query.radius, undefined);
      const requested = parseMetrics(query.metrics);
      const location = await resolveLocation(query, deps.resolveAddress);
      return assemble({ location, radius, key, requested, deadlineMs: deps.deadlineMs });
    },
    /**
     * every modelled metric for a location already resolved and checked (reports); no
     * deadline. A radius the caller did not choose (`radiusGiven` false) never fails for
     * lack of outdoor cells: a location inside a building reads the nearest outdoor cells.
     */
    async statsForLocation(location: Location, radius: number, radiusGiven = true) {
      const { body } = await assemble({
        location,
        radius,
        key: null,
        requested: undefined,
        deadlineMs: 24 * 3_600_000,
        widenToNearest: !radiusGiven,
      });
      return body;
    },
    /**
     * Refuses, before anything is counted, a radius the caller chose that holds no outdoor
     * cell (the same 422 as the statistics); a default radius always samples something.
     */
    assertSampleable(location: { lat: number; lon: number }, radius: number, radiusGiven: boolean): void {
      const { dataset, domain } = datasetFor(location.lat, location.lon);
      if (dataset === 'belgium_lowres') return;
      sampleCells(deps.model, domain, location.lat, location.lon, radius, !radiusGiven);
    },
  };
}
