import { apiError } from '../../domain/errors/catalogue.ts';
import type { DomainId } from '../../domain/grid/model-data.ts';
import type { ModelSampling } from '../ports/model-sampling-port.ts';

export interface Sampling {
  sampling: 'point' | 'nearest_outdoor' | 'radius';
  cells: number[];
  /** metres the value came from, for nearest_outdoor */
  distanceM?: number;
  /** the radius applied, when one was supplied and used */
  radiusM?: number;
}

/**
 * Which outdoor cells answer for a location. Without a radius: the cell containing the
 * point, or for a point inside a building the outdoor cells at the nearest distance plus
 * half a cell. With a radius: every outdoor cell within it, never widened, unless
 * `widenToNearest` says the radius was a default rather than the caller's choice (reports):
 * then a radius holding no outdoor cell falls back to the nearest outdoor cells, as
 * without a radius. Building interiors are never read.
 */
export function sampleCells(
  model: ModelSampling,
  domain: DomainId,
  lat: number,
  lon: number,
  radiusM: number | undefined,
  widenToNearest = false,
): Sampling {
  const located = model.locate(domain, lat, lon);
  if (!located) throw apiError('outside_coverage', 'The location is outside the model grid.');
  if (radiusM !== undefined) {
    const cells = model.outdoorCellsWithin(domain, lat, lon, radiusM);
    if (cells.length === 0 && widenToNearest) return sampleCells(model, domain, lat, lon, undefined);
    if (cells.length === 0) {
      throw apiError(
        'outside_coverage',
        `No outdoor grid cell lies within ${radiusM} m of this location (it is inside a building); use a larger radius or omit it.`,
      );
    }
    return { sampling: 'radius', cells, radiusM };
  }
  if (!located.isBuilding) return { sampling: 'point', cells: [located.cell] };
  const nearest = model.nearestOutdoor(domain, lat, lon);
  if (!nearest || nearest.cells.length === 0) {
    throw apiError('outside_coverage', 'No outdoor grid cell was found near this location.');
  }
  return { sampling: 'nearest_outdoor', cells: nearest.cells, distanceM: nearest.distanceM };
}
