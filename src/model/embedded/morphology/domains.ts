import { type CityDomainSpec, type DomainInfo, NATIONAL_DOMAIN } from '../../port.ts';
import { gridOver, withMargin } from '../grid/geometry.ts';

/**
 * The model domains: each city's high-resolution zone (the bbox of its current
 * boundary plus a 200 m margin, cells of its resolution) and the nationwide 1 km grid
 * over Belgium. Cities come in through the port (CityDomainSpec); the model knows no
 * city registry of its own.
 */
export const CITY_MARGIN_M = 200;
export const BELGIUM_BBOX: [number, number, number, number] = [2.5, 49.45, 6.45, 51.55];
export const REFERENCE_YEAR = 2025;

export function nationalDomainInfo(): DomainInfo {
  return {
    id: NATIONAL_DOMAIN,
    revision: '',
    resolutionM: 1000,
    grid: gridOver(BELGIUM_BBOX, 1000),
    referenceYear: REFERENCE_YEAR,
    hasBuildings: false,
    models: { air: true, wind: true, thermal: true },
  };
}

/** [west, south, east, north] of a ring */
function ringBbox(ring: ReadonlyArray<readonly [number, number]>): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lon, lat] of ring) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

export function cityDomainInfo(spec: Omit<CityDomainSpec, 'geometry'>): DomainInfo {
  return {
    id: spec.id,
    revision: spec.revision,
    resolutionM: spec.resolutionM,
    grid: gridOver(withMargin(ringBbox(spec.boundary), CITY_MARGIN_M), spec.resolutionM),
    referenceYear: spec.referenceYear,
    hasBuildings: true,
    models: { ...spec.models },
  };
}

/** the point whose weather and sun a domain uses */
export function domainCentre(info: DomainInfo): { lat: number; lon: number } {
  const { grid } = info;
  return { lon: grid.west + (grid.cols * grid.dLon) / 2, lat: grid.north - (grid.rows * grid.dLat) / 2 };
}
