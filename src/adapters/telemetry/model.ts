import type { SeriesSpan } from '../../domain/grid/model-data.ts';
import type { ModelSeries } from '../../services/data/model-series-port.ts';
import type { ModelCatalog } from '../../services/map/model-catalog-port.ts';
import type { ModelTiles } from '../../services/ports/model-tiles-port.ts';
import type { Telemetry } from '../../services/ports/telemetry-port.ts';
import type { StatisticsPool } from '../threads/statistics-pool.ts';
import { secondsSince } from './seconds-since.ts';

const SERIES_KIND: Record<SeriesSpan['kind'], string> = {
  reference: 'reference_year',
  observed: 'observed',
  forecast: 'forecast',
};

function measured<T>(telemetry: Telemetry, kind: string, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const timed = () =>
    work().finally(() =>
      telemetry.metrics.observe('svc_model_compute_seconds', secondsSince(started), { kind }),
    );
  return telemetry.tracing.inSpan('model.compute', { 'svc.model.kind': kind }, timed);
}

/** The model's calls that compute: series, tiles and layer ranges. */
type ModelComputations = ModelSeries & ModelTiles & ModelCatalog;

/**
 * The model with its computations timed by kind (svc_model_compute_seconds) and traced
 * (a `model.compute` span); every other member passes through untouched. The pool's
 * queue length is read at each scrape.
 */
export function instrumentModel<Model extends ModelComputations & { pendingTasks?(): number }>(
  model: Model,
  telemetry: Telemetry,
): Model {
  if (!telemetry.metrics.enabled && !telemetry.tracing.enabled) return model;
  if (model.pendingTasks) {
    const pending = model.pendingTasks.bind(model);
    telemetry.metrics.sample('svc_model_pool_queue_length', async () => [[{ pool: 'model' }, pending()]]);
  }
  const wrapped: Partial<ModelComputations> = {
    series: (domain, cells, span, opts) =>
      measured(telemetry, SERIES_KIND[span.kind], () => model.series(domain, cells, span, opts)),
    layerWindow: (domain, layer, hour, window, opts) =>
      measured(telemetry, 'tile_window', () => model.layerWindow(domain, layer, hour, window, opts)),
    layerTile: (domain, layer, hour, tile, opts) =>
      measured(telemetry, 'tile_window', () => model.layerTile(domain, layer, hour, tile, opts)),
    buildingsTile: (domain, tile, opts) =>
      measured(telemetry, 'buildings_tile', () => model.buildingsTile(domain, tile, opts)),
    layerRanges: (domain, layers, hours, opts) =>
      measured(telemetry, 'layer_range', () => model.layerRanges(domain, layers, hours, opts)),
  };
  return new Proxy(model, {
    get(target, property, receiver) {
      const own = wrapped[property as keyof ModelComputations];
      if (own) return own;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The statistics worker pool, timed as model work of kind `statistics`. */
export function instrumentStatisticsPool(pool: StatisticsPool, telemetry: Telemetry): StatisticsPool {
  if (!telemetry.metrics.enabled && !telemetry.tracing.enabled) return pool;
  if (pool.pendingTasks) {
    const pending = pool.pendingTasks.bind(pool);
    telemetry.metrics.sample('svc_model_pool_queue_length', async () => [
      [{ pool: 'statistics' }, pending()],
    ]);
  }
  return {
    ...pool,
    compute: (hours, cells, references) =>
      measured(telemetry, 'statistics', () => pool.compute(hours, cells, references)),
    close: () => pool.close(),
  };
}
