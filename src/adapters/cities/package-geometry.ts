import { geometryFromFiles } from '../../domain/coverage/city-package/model-geometry.ts';
import type { CityPackage, PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { CityDomainSpec } from '../../model/port.ts';

export { packageGeometry } from '../../domain/coverage/city-package/model-geometry.ts';

/**
 * The model's city domain for a package. Its files are read only when the model needs the
 * geometry (no rasters cached for this revision), and handed over as files, so that the
 * model can validate and rasterise them off the event loop.
 */
export function packageDomainSpec(
  city: Pick<CityPackage, 'manifest' | 'boundary'> & { weatherEpw?: string | null },
  revision: string,
  loadFiles: () => Promise<PackageFiles>,
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
    geometry: async () => geometryFromFiles(await loadFiles()),
    packageFiles: loadFiles,
    referenceWeatherEpw: city.weatherEpw ?? null,
  };
}
