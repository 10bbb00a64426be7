import type { DomainId } from '../../domain/grid/model-data.ts';
import type { ModelSeries } from './model-series-port.ts';
import type { StatisticsBlocks, StatisticsEngine } from './statistics-engine.ts';

/** What a location's cold path computes, and what the durable cache keeps of it. */
export interface ComputedStatistics {
  generated_utc: string;
  hours: number;
  blocks: StatisticsBlocks;
}

/**
 * The cold path of annual statistics: the sampled cells' reference year on the model
 * threads, then the blocks (compared with the domain's references) on the statistics
 * threads, which take the series' columns over.
 */
export async function computeStatistics(
  deps: { model: ModelSeries; statistics: StatisticsEngine; clock: () => number },
  domain: DomainId,
  cells: readonly number[],
): Promise<ComputedStatistics> {
  const series = await deps.model.series(domain, cells, { kind: 'reference' });
  const hours = series[0]?.hours.length ?? 0;
  const references = await deps.statistics.references(domain);
  const blocks = await deps.statistics.blocks(series, references);
  return { generated_utc: new Date(deps.clock()).toISOString(), hours, blocks };
}
