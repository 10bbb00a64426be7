import type { CellLocation, DomainId, NearestOutdoor } from '../../domain/grid/model-data.ts';
import type { ModelDomains } from './model-domains-port.ts';

/**
 * Where a point falls on a model grid: the cells a data request, a statistics radius or a
 * report's site map samples (services/data, services/reports, the feeds' points).
 */
export interface ModelSampling extends ModelDomains {
  /** the cell containing the point, or null when the point is outside the domain grid */
  locate(domain: DomainId, lat: number, lon: number): CellLocation | null;
  /** for a point inside a building: the outdoor cells at the nearest distance + half a cell */
  nearestOutdoor(domain: DomainId, lat: number, lon: number): NearestOutdoor | null;
  /** outdoor cells whose centre lies within `radiusM` metres of the point */
  outdoorCellsWithin(domain: DomainId, lat: number, lon: number, radiusM: number): number[];
  /** centre of a cell, [lon, lat] */
  cellCentre(domain: DomainId, cell: number): [number, number];
  /**
   * whether a city's buildings at a point are mapped footprints or, where the source map
   * is incomplete, an estimated built share (docs/cities.md); null outside a city grid;
   * optional (absent: nothing is said)
   */
  geometryAt?(domain: DomainId, lat: number, lon: number): 'mapped' | 'estimated' | null;
}
