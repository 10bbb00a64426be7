import type { CityPackage } from '../../domain/coverage/city-package/package.ts';
import type { CityDomainSpec, CityGeometry } from '../../model/port.ts';

/** A validated city package as the model's port takes it. */
export function packageGeometry(city: CityPackage): CityGeometry {
  return {
    urbanIndex: city.manifest.model?.urban_index ?? null,
    taOffsetC: city.manifest.model?.air_temperature_offset_c ?? null,
    buildings: city.buildings,
    roads: city.roads,
    landcover: city.landcover,
    tunnels: city.tunnels,
  };
}

/** the model's city domain for a package; the geometry is read (and validated) only when needed */
export function packageDomainSpec(
  city: Pick<CityPackage, 'manifest' | 'boundary'> & { weatherEpw?: string | null },
  revision: string,
  loadGeometry: () => Promise<CityGeometry>,
): CityDomainSpec {
  const { manifest } = city;
  return {
    id: manifest.id,
    revision,
    boundary: city.boundary,
    resolutionM: manifest.resolution_m ?? 10,
    referenceYear: manifest.reference_year ?? 2025,
    models: {
      air: manifest.metrics.includes('air'),
      wind: manifest.metrics.includes('wind'),
      thermal: manifest.metrics.includes('thermal'),
    },
    geometry: loadGeometry,
    referenceWeatherEpw: city.weatherEpw ?? null,
  };
}
