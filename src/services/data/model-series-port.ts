import type { CellSeries, DomainId, SeriesSpan } from '../../domain/grid/model-data.ts';
import type { CallOptions, ModelDomains } from '../ports/model-domains-port.ts';
import type { ModelHours } from '../ports/model-hours-port.ts';

/**
 * The hourly series of a few cells: what the data services (real-time, forecast,
 * historical statistics) read of the model.
 */
export interface ModelSeries extends ModelDomains, ModelHours {
  /** hourly series per cell; rejects with ModelTimeoutError past `deadlineMs` (work continues) */
  series(
    domain: DomainId,
    cells: readonly number[],
    span: SeriesSpan,
    opts?: CallOptions,
  ): Promise<CellSeries[]>;
}
