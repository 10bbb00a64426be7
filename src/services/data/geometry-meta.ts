import type { DomainId } from '../../domain/grid/model-data.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';

/**
 * `meta.geometry` of an answer for a point (additive, issue #33 item 3): in a city, whether
 * the buildings around it are mapped or estimated where the source map is incomplete
 * (docs/cities.md, "Gaps are not fields"); nothing on the nationwide grid or from a model
 * that does not say.
 */
export function geometryOf(
  model: Pick<ModelSampling, 'geometryAt'>,
  domain: DomainId,
  point: { lat: number; lon: number },
): { geometry?: 'mapped' | 'estimated' } {
  const geometry = model.geometryAt?.(domain, point.lat, point.lon) ?? null;
  return geometry === null ? {} : { geometry };
}
