import { classifyPoint } from '../../domain/coverage/classify.ts';
import type { Cities } from '../../domain/coverage/registry.ts';
import { type CellSeries, type DomainId, NATIONAL_DOMAIN } from '../../domain/grid/model-data.ts';
import type {
  AnyMetricModule,
  MetricBlocks,
  MetricReferenceRule,
  MetricReferences,
} from '../../domain/metrics/metric-module.ts';
import { type DEFAULT_METRICS, DEFAULT_REGISTRY, type MetricId } from '../../domain/metrics/registry.ts';
import type { KeyValueCache } from '../ports/cache-port.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';
import type { ModelSeries } from './model-series-port.ts';
import type { StatisticsPool } from './statistics-pool-port.ts';

/** each of the service's metrics' block, under its id (the metric modules' types) */
export type StatisticsBlocks = MetricBlocks<typeof DEFAULT_METRICS>;

/** the reference each of the service's metrics compares against, under its id (those that have one) */
export type StatisticsReferences = MetricReferences<typeof DEFAULT_METRICS>;

/** Cells sampled for "the coverage area as a whole": a lattice of outdoor cells over the domain. */
const LATTICE = 6;

/**
 * Turns the model's hourly series into the statistics blocks, and computes (once per model
 * version and domain, stored durably) the references the blocks compare against.
 */
export interface StatisticsEngine {
  /** the domain's references, computed once per model version */
  references(domain: DomainId): Promise<StatisticsReferences>;
  /** each metric's block of the sampled cells' hourly series, whose columns it takes over */
  blocks(series: readonly CellSeries[], references: StatisticsReferences): Promise<StatisticsBlocks>;
}

export function createStatisticsEngine(deps: {
  model: ModelSampling & ModelSeries;
  /** the live city registry: a city's references sample the points of its zone and its package's air reference points */
  cities: Cities;
  cache: KeyValueCache;
  pool: StatisticsPool;
}): StatisticsEngine {
  const pending = new Map<DomainId, Promise<StatisticsReferences>>();

  function nearestOutdoorCells(domain: DomainId, points: Array<[number, number]>): number[] {
    const cells = new Set<number>();
    for (const [lat, lon] of points) {
      const located = deps.model.locate(domain, lat, lon);
      if (!located) continue;
      if (!located.isBuilding) cells.add(located.cell);
      else
        for (const cell of deps.model.nearestOutdoor(domain, lat, lon)?.cells.slice(0, 1) ?? [])
          cells.add(cell);
    }
    return [...cells];
  }

  function latticePoints(domain: DomainId): Array<[number, number]> {
    const { grid } = deps.model.domain(domain);
    const registry = deps.cities();
    const points: Array<[number, number]> = [];
    for (let i = 0; i < LATTICE; i++) {
      for (let j = 0; j < LATTICE; j++) {
        const lat = grid.north - ((i + 0.5) / LATTICE) * grid.rows * grid.dLat;
        const lon = grid.west + ((j + 0.5) / LATTICE) * grid.cols * grid.dLon;
        const coverage = classifyPoint(registry, lat, lon);
        // only points the domain actually answers for
        if (domain === NATIONAL_DOMAIN ? coverage.covered !== false : coverage.covered === 'high_res')
          points.push([lat, lon]);
      }
    }
    return points;
  }

  /** the points a reference rule samples a domain at; undefined when the domain has none */
  function samplePoints(
    domain: DomainId,
    rule: MetricReferenceRule<unknown, unknown>,
  ): Array<[number, number]> | undefined {
    if (rule.sample === 'coverage-lattice') return latticePoints(domain);
    // the city's own reference points (city.json `air_reference_points`); the nationwide grid has none
    return deps
      .cities()
      .find(domain)
      ?.airReferencePoints?.map(({ lat, lon }): [number, number] => [lat, lon]);
  }

  /** each modelled metric's reference, by its module's rule, in the registry's order */
  async function computeReferences(domain: DomainId): Promise<StatisticsReferences> {
    const references: Record<string, unknown> = {};
    const info = deps.model.domain(domain);
    for (const metric of DEFAULT_REGISTRY.modules as readonly AnyMetricModule[]) {
      const rule: MetricReferenceRule<unknown, unknown> | undefined = metric.block.reference;
      if (!rule || !info.models[metric.id as MetricId]) continue;
      const points = samplePoints(domain, rule);
      if (!points) continue;
      const cells = nearestOutdoorCells(domain, points);
      const series = await deps.model.series(domain, cells, { kind: 'reference' });
      const first = series[0];
      let blocks: StatisticsBlocks[];
      if (rule.blocks === 'each-cell')
        blocks = await Promise.all(series.map((cell) => deps.pool.compute(cell.hours, [cell], {})));
      else blocks = first ? [await deps.pool.compute(first.hours, series, {})] : [];
      const reference = rule.derive(blocks.map((b) => (b as Record<string, unknown>)[metric.id]));
      if (reference !== undefined) references[metric.id] = reference;
    }
    return references as StatisticsReferences;
  }

  return {
    /** the domain's references, computed once per model version */
    references(domain: DomainId): Promise<StatisticsReferences> {
      const running = pending.get(domain);
      if (running) return running;
      const cacheKey = `historical-references:${deps.model.version}:${domain}`;
      const work = (async () => {
        const cached = await deps.cache.get(cacheKey);
        if (cached) return JSON.parse(cached) as StatisticsReferences;
        const computed = await computeReferences(domain);
        await deps.cache.set(cacheKey, JSON.stringify(computed), null);
        return computed;
      })();
      pending.set(domain, work);
      work.catch(() => pending.delete(domain));
      return work;
    },
    /** the blocks of a location, computed on a worker thread */
    async blocks(series: readonly CellSeries[], references: StatisticsReferences): Promise<StatisticsBlocks> {
      const first = series[0];
      if (!first) return {};
      return deps.pool.compute(first.hours, series, references);
    },
  };
}
