import type { DomainId, MicroclimateModel } from '../../model/port.ts';

/**
 * `meta.geometry` of an answer for a point (additive, issue #33 item 3): in a city, whether
 * the buildings around it are mapped or estimated where the source map is incomplete
 * (docs/cities.md, "Gaps are not fields"); nothing on the nationwide grid or from a model
 * that does not say.
 */
export function geometryOf(
  model: Pick<MicroclimateModel, 'geometryAt'>,
  domain: DomainId,
  point: { lat: number; lon: number },
): { geometry?: 'mapped' | 'estimated' } {
  const geometry = model.geometryAt?.(domain, point.lat, point.lon) ?? null;
  return geometry === null ? {} : { geometry };
}
