import { boundsOf } from '../../../domain/grid/bbox.ts';
import { type DomainInfo, type DomainModels, NATIONAL_DOMAIN } from '../../../domain/grid/model-data.ts';
import { DEFAULT_REGISTRY } from '../../../domain/metrics/registry.ts';
import type { CityDomainSpec } from '../../../services/city-domains-port.ts';
import { gridOver, withMargin } from '../grid/geometry.ts';

/**
 * The model domains: each city's high-resolution zone (the bbox of its current
 * boundary plus a 200 m margin, cells of its resolution) and the nationwide 1 km grid
 * over Belgium. Cities come in through the city domains port (CityDomainSpec); the model knows no
 * city registry of its own.
 */
export const CITY_MARGIN_M = 200;
export const BELGIUM_BBOX: [number, number, number, number] = [2.5, 49.45, 6.45, 51.55];
export const REFERENCE_YEAR = 2025;

/** the nationwide grid models every metric of the service */
const EVERY_METRIC = Object.fromEntries(DEFAULT_REGISTRY.ids.map((id) => [id, true])) as DomainModels;

export function nationalDomainInfo(): DomainInfo {
  return {
    id: NATIONAL_DOMAIN,
    revision: '',
    resolutionM: 1000,
    grid: gridOver(BELGIUM_BBOX, 1000),
    referenceYear: REFERENCE_YEAR,
    hasBuildings: false,
    models: EVERY_METRIC,
  };
}

export function cityDomainInfo(spec: Omit<CityDomainSpec, 'geometry'>): DomainInfo {
  return {
    id: spec.id,
    revision: spec.revision,
    resolutionM: spec.resolutionM,
    grid: gridOver(withMargin(boundsOf([spec.boundary]), CITY_MARGIN_M), spec.resolutionM),
    referenceYear: spec.referenceYear,
    hasBuildings: true,
    models: { ...spec.models },
    zone: spec.boundary,
  };
}

/** the point whose weather and sun a domain uses */
export function domainCentre(info: DomainInfo): { lat: number; lon: number } {
  const { grid } = info;
  return { lon: grid.west + (grid.cols * grid.dLon) / 2, lat: grid.north - (grid.rows * grid.dLat) / 2 };
}
