import type { CityDefinition, DataMetric } from '../coverage/cities.ts';
import { apiError } from '../errors/catalogue.ts';
import { scopeAllows } from '../keys/key-record.ts';

/** A key reads a city's data only when the city is in its city scope. */
export function assertCityInScope(key: { readonly cities: readonly string[] }, city: CityDefinition): void {
  if (!scopeAllows(key.cities, city.id)) {
    throw apiError('forbidden', `This API key is not scoped to the city '${city.id}'.`);
  }
}

/** An empty metric scope is a configuration fault: the key reads no data. */
export function assertReadsData(key: { readonly metrics: readonly string[] }): void {
  if (key.metrics.length === 0) {
    throw apiError(
      'forbidden',
      'This API key has an empty metric scope and reads no data; ask the operator to fix it.',
    );
  }
}

/**
 * The metrics a data request returns: the requested ones (each must be held by the key →
 * 403, and modelled here → 422) or, when omitted, every metric the key holds that the
 * dataset models.
 */
export function entitledMetrics(
  key: { readonly metrics: readonly string[] },
  requested: readonly DataMetric[] | undefined,
  modelled: readonly DataMetric[],
  where: string,
): DataMetric[] {
  assertReadsData(key);
  if (requested) {
    for (const metric of requested) {
      if (!scopeAllows(key.metrics, metric))
        throw apiError('forbidden', `This API key does not hold the '${metric}' metric.`);
    }
    for (const metric of requested) {
      if (!modelled.includes(metric)) {
        throw apiError('product_unavailable', `The '${metric}' metric is not modelled ${where}.`);
      }
    }
    return [...requested];
  }
  const held = modelled.filter((metric) => scopeAllows(key.metrics, metric));
  if (held.length === 0) {
    throw apiError('product_unavailable', `None of the metrics this API key holds is modelled ${where}.`);
  }
  return held;
}
