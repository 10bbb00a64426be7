import { findCity, ringsBbox } from '../../../domain/coverage/cities.ts';
import type { DomainId, DomainInfo } from '../../port.ts';
import { gridOver, withMargin } from '../grid/geometry.ts';

/**
 * The three model domains: each city's high-resolution zone (the bbox of its current
 * boundary plus a 200 m margin, 10 m cells) and the nationwide 1 km grid over Belgium.
 */
export const CITY_MARGIN_M = 200;
export const BELGIUM_BBOX: [number, number, number, number] = [2.5, 49.45, 6.45, 51.55];
export const REFERENCE_YEAR = 2025;

export function domainInfo(id: DomainId): DomainInfo {
  if (id === 'belgium') {
    return {
      id,
      resolutionM: 1000,
      grid: gridOver(BELGIUM_BBOX, 1000),
      referenceYear: REFERENCE_YEAR,
      hasBuildings: false,
      models: { air: true, wind: true, thermal: true },
    };
  }
  const city = findCity(id);
  if (!city) throw new Error(`no city definition for domain ${id}`);
  const resolutionM = city.map?.resolution_m ?? 10;
  return {
    id,
    resolutionM,
    grid: gridOver(withMargin(ringsBbox([city.boundary]), CITY_MARGIN_M), resolutionM),
    referenceYear: city.referenceYear,
    hasBuildings: true,
    models: {
      air: city.metrics.includes('air'),
      wind: city.metrics.includes('wind'),
      thermal: city.metrics.includes('thermal'),
    },
  };
}

export const DOMAIN_IDS: readonly DomainId[] = ['brussels', 'charleroi', 'belgium'];

/** the point whose weather and sun a domain uses */
export function domainCentre(info: DomainInfo): { lat: number; lon: number } {
  const { grid } = info;
  return { lon: grid.west + (grid.cols * grid.dLon) / 2, lat: grid.north - (grid.rows * grid.dLat) / 2 };
}
