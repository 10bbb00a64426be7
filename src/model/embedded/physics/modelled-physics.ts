import type { DomainModels, Physics } from '../../../domain/grid/model-data.ts';
import { DEFAULT_METRICS } from '../../../domain/metrics/registry.ts';

/**
 * Whether a domain's metrics need pollutant dispersion: the one physics the kernel leaves
 * out of a domain that models no metric needing it (its pollutants are then NaN, which the
 * records and statistics read as no data). Flow and UTCI are computed for every domain.
 * Found once per domain description (the kernel asks for every cell it computes).
 */
const known = new WeakMap<DomainModels, boolean>();

export function modelsDispersion(models: DomainModels): boolean {
  let found = known.get(models);
  if (found === undefined) {
    found = needs(models, 'dispersion');
    known.set(models, found);
  }
  return found;
}

function needs(models: DomainModels, physics: Physics): boolean {
  return DEFAULT_METRICS.some((metric) => models[metric.id] && metric.physics.includes(physics));
}
