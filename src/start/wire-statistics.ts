import { instrumentStatisticsPool } from '../adapters/telemetry/model.ts';
import { createStatisticsPool } from '../adapters/threads/statistics-pool.ts';
import { createStatisticsEngine } from '../services/data/statistics-engine.ts';
import type { Foundation } from './foundation.ts';
import type { Caches } from './wire-caches.ts';
import type { CitiesAndModel } from './wire-model.ts';

export function wireStatistics(
  { config, telemetry, closers }: Foundation,
  city: CitiesAndModel,
  caches: Caches,
) {
  const rawStatisticsPool = createStatisticsPool(config.modelWorkers);
  const statisticsPool = instrumentStatisticsPool(rawStatisticsPool, telemetry);
  closers.computing.push({
    name: 'statistics threads',
    dependency: 'model',
    close: () => statisticsPool.close(),
  });
  const statistics = createStatisticsEngine({
    model: city.model,
    cities: city.currentCities,
    cache: caches.durableCache,
    pool: statisticsPool,
  });
  return { rawStatisticsPool, statistics };
}

export type Statistics = ReturnType<typeof wireStatistics>;
