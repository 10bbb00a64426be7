import type { CityDefinition, DataMetric } from '../../domain/coverage/cities.ts';
import { classifyPoint } from '../../domain/coverage/classify.ts';
import type { Cities, CityRegistry } from '../../domain/coverage/registry.ts';
import { swappedCoordinatesHint } from '../../domain/coverage/swapped-hint.ts';
import { assertCityInScope, entitledMetrics } from '../../domain/data/entitlement.ts';
import { parseMetrics, parseRadius } from '../../domain/data/location-input.ts';
import { apiError } from '../../domain/errors/catalogue.ts';
import { type DomainId, NATIONAL_DOMAIN } from '../../domain/grid/model-data.ts';
import type { KeyRecord } from '../../domain/keys/key-record.ts';
import { METEOROLOGY_INPUT } from '../../domain/live/feed-inputs.ts';
import type { Source } from '../../domain/live/provenance.ts';
import type { TypicalYearPeriod } from '../../domain/live/typical-year-period.ts';
import { DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';
import type { ReportLang } from '../../domain/reports/i18n/index.ts';
import {
  type Dataset,
  type HistoricalStats,
  HYPER_LOCAL_DATASET,
  NATIONWIDE_DATASET,
  STATISTICS_REVISION,
} from '../../domain/stats/historical-stats.ts';
import type { KeyValueCache } from '../ports/cache-port.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { Metrics } from '../ports/telemetry-port.ts';
import type { ReportLocation, ReportStatistics } from '../reports/statistics-port.ts';
import { geometryOf } from './geometry-meta.ts';
import type { ModelSeries } from './model-series-port.ts';
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
  model: ModelSampling & ModelSeries;
  /** the live city registry: which dataset answers a location */
  cities: Cities;
  /** durable: results survive restarts */
  cache: KeyValueCache;
  statistics: StatisticsEngine;
  resolveAddress: ResolveAddress;
  clock: () => number;
  deadlineMs: number;
  /** cache hits/misses and single-flight joins */
  metrics?: Metrics;
  /** whether a domain's reference year runs on its city's weather file (meta.sources); default synthetic */
  referenceWeather?: (domain: DomainId) => 'epw' | 'synthetic';
  /** the years a domain's typical weather year was built from, when its weather file says */
  referencePeriod?: (domain: DomainId) => TypicalYearPeriod | undefined;
  /** the sources of a domain's backfilled reference year (archives), when one is loaded */
  referenceSources?: (domain: DomainId) => Source[] | undefined;
}

/** Which dataset answers a location: the hyper-local model inside a city's zone (one offering historical statistics), the nationwide grid elsewhere in the country. */
export function datasetFor(
  registry: CityRegistry,
  lat: number,
  lon: number,
): { dataset: Dataset; domain: DomainId; city: CityDefinition | null } {
  const coverage = classifyPoint(registry, lat, lon);
  if (coverage.covered === false) {
    throw apiError(
      'outside_coverage',
      `This location is outside Belgium, the area the service covers.${swappedCoordinatesHint(lat, lon)}`,
    );
  }
  if (coverage.covered === 'high_res' && coverage.city.products.historical) {
    return { dataset: HYPER_LOCAL_DATASET, domain: coverage.city.id as DomainId, city: coverage.city };
  }
  return { dataset: NATIONWIDE_DATASET, domain: NATIONAL_DOMAIN, city: null };
}

/**
 * The historical statistics: the data route's, and the reports' (it implements their port,
 * services/reports/statistics-port.ts, where its methods are described).
 */
export interface HistoricalService extends ReportStatistics {
  /** GET /historical/stats for a key */
  stats(
    key: KeyRecord,
    query: HistoricalQuery,
  ): Promise<{ body: HistoricalStats; cacheStatus: 'hit' | 'miss' }>;
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
    const { dataset, domain, city } = datasetFor(deps.cities(), location.lat, location.lon);
    if (city && input.key) assertCityInScope(input.key, city);
    const info = deps.model.domain(domain);
    const modelled = DEFAULT_REGISTRY.ids.filter((id) => info.models[id]) as DataMetric[];
    const where = dataset === NATIONWIDE_DATASET ? 'nationwide' : `in ${city?.name}`;
    const metrics = input.key ? entitledMetrics(input.key, input.requested, modelled, where) : modelled;
    // the nationwide grid answers with the cell containing the location and ignores radius
    const sampling = sampleCells(
      deps.model,
      domain,
      location.lat,
      location.lon,
      dataset === NATIONWIDE_DATASET ? undefined : radius,
      input.widenToNearest,
    );
    const cacheKey = `historical:${deps.model.version}:r${STATISTICS_REVISION}:${dataset}:${location.lat}:${location.lon}:${sampling.radiusM ?? '-'}`;
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
      sources: deps.referenceSources?.(domain) ?? [referenceSource(domain, info.referenceYear)],
      ...geometryOf(deps.model, domain, location),
    };
    const body: HistoricalStats = {
      ...(city ? { city: { id: city.id, name: city.name, country: city.country } } : {}),
      location: { address: location.address, lat: location.lat, lon: location.lon },
      meta,
    };
    // each entitled metric's block, in the registry's order (the resource's)
    const blocks: Record<string, unknown> = body;
    for (const id of DEFAULT_REGISTRY.ids) {
      const block = result.blocks[id];
      if (block && metrics.includes(id)) blocks[id] = block;
    }
    return { body, cacheStatus };
  }

  /** the reference year's weather: the city's measured typical year, or the generator's */
  function referenceSource(domain: DomainId, year: number): Source {
    const epw = deps.referenceWeather?.(domain) === 'epw';
    const period = epw ? deps.referencePeriod?.(domain) : undefined;
    return {
      id: epw ? 'epw' : 'synthetic',
      kind: epw ? 'typical-year' : 'synthetic',
      status: epw ? 'fresh' : 'fallback',
      as_of: new Date(Date.UTC(year, 11, 31, 23)).toISOString(),
      input: METEOROLOGY_INPUT,
      ...(period ? { period } : {}),
    };
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
    async statsForLocation(location: ReportLocation, radius: number, radiusGiven: boolean) {
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
      const { dataset, domain } = datasetFor(deps.cities(), location.lat, location.lon);
      if (dataset === NATIONWIDE_DATASET) return;
      sampleCells(deps.model, domain, location.lat, location.lon, radius, !radiusGiven);
    },
    /** a city's statistics credit its package's sources; the nationwide grid keeps the report's default */
    attributionOf(stats: HistoricalStats, lang: ReportLang): string | undefined {
      const city = stats.city ? deps.cities().find(stats.city.id) : undefined;
      if (!city) return undefined;
      return (lang === 'en' ? undefined : city.attributionTranslations?.[lang]) ?? city.attribution;
    },
  };
}
