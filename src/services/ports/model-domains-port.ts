import type { DomainId, DomainInfo } from '../../domain/grid/model-data.ts';

/**
 * The compute back end as its callers see it is a few focused ports: sampling
 * (model-sampling-port.ts), series (data/model-series-port.ts), tiles
 * (model-tiles-port.ts), the map catalog (map/model-catalog-port.ts), the city domains
 * (city-domains-port.ts) and the observation input (live/model-observations-port.ts).
 * Each extends this one: what every caller reads of the model. The embedded synthetic
 * urban microclimate model (model/embedded) implements them all; a real simulation
 * dataset would implement the same ports. Every call that may be CPU-heavy is async: the
 * embedded model answers it from a worker-thread pool so the event loop never blocks.
 * The data types they answer in live in the domain (domain/grid/model-data.ts).
 */
export interface ModelDomains {
  /** part of every downstream cache key: changes whenever numbers would change (also when a city's geometry does) */
  readonly version: string;
  /** the `version` of the live inputs in use ('synthetic' without): real-time caches key on it */
  readonly inputsVersion?: string;
  domains(): readonly DomainInfo[];
  domain(id: DomainId): DomainInfo;
  /**
   * what a domain's reference year runs on: measured typical-year weather (an EPW file) or
   * the generator's; optional (absent: the services go by the city's package)
   */
  referenceWeather?(domain: DomainId): 'epw' | 'synthetic';
}

/** How a caller bounds a model call that may be CPU-heavy. */
export interface CallOptions {
  /** wall-clock budget for the caller; past it the promise rejects but the work completes */
  deadlineMs?: number;
  /** identifies the work so that a later identical call collects the finished result */
  workKey?: string;
}
