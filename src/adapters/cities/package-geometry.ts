import { unpackPackageFiles } from '../../domain/coverage/city-package/archive.ts';
import { geometryFromFiles, packageGeometry } from '../../domain/coverage/city-package/model-geometry.ts';
import type { CityPackage, PackageFiles } from '../../domain/coverage/city-package/package.ts';
import { DEFAULT_REGISTRY } from '../../domain/metrics/registry.ts';
import type { CityDomainSpec } from '../../services/city-domains-port.ts';

type PackageOutline = Pick<CityPackage, 'manifest' | 'boundary'> & { weatherEpw?: string | null };

/**
 * The model's city domain for a package. Its files are read only when the model needs the
 * geometry (no rasters cached for this revision), and handed over as files, so that the
 * model can validate and rasterise them off the event loop.
 */
export function packageDomainSpec(
  city: PackageOutline,
  revision: string,
  loadFiles: () => Promise<PackageFiles>,
): CityDomainSpec {
  return {
    ...domainOf(city, revision),
    geometry: async () => geometryFromFiles(await loadFiles()),
    packageFiles: loadFiles,
  };
}

/**
 * The model's city domain for a stored package: the model is handed the archive as the
 * store keeps it, which it unpacks in its build process (the geometry itself, read here on
 * the event loop, is for a model that cannot).
 */
export function archivedPackageSpec(
  city: PackageOutline,
  revision: string,
  loadArchive: () => Promise<Uint8Array>,
): CityDomainSpec {
  return {
    ...domainOf(city, revision),
    geometry: async () => geometryFromFiles(unpackPackageFiles(await loadArchive())),
    packageArchive: loadArchive,
  };
}

/**
 * The model's city domain for a package just validated (the CLI's import): the model
 * rasterises the geometry it holds, without reading or validating the files again.
 */
export function validatedPackageSpec(city: CityPackage, revision: string): CityDomainSpec {
  return { ...domainOf(city, revision), geometry: async () => packageGeometry(city) };
}

function domainOf(
  city: PackageOutline,
  revision: string,
): Omit<CityDomainSpec, 'geometry' | 'packageFiles' | 'packageArchive'> {
  const { manifest } = city;
  return {
    id: manifest.id,
    revision,
    boundary: city.boundary,
    resolutionM: manifest.resolution_m ?? 10,
    referenceYear: manifest.reference_year ?? 2025,
    timeZone: manifest.timezone,
    // each of the service's metrics, modelled when the package offers it
    models: Object.fromEntries(
      DEFAULT_REGISTRY.ids.map((id) => [id, (manifest.metrics as readonly string[]).includes(id)]),
    ) as CityDomainSpec['models'],
    referenceWeatherEpw: city.weatherEpw ?? null,
  };
}
