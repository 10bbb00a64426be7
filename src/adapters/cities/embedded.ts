import { join } from 'node:path';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from '../../services/city-domains-port.ts';
import { embeddedCitiesDir } from './embedded-packages.ts';
import { packageRevision, readPackageDir } from './package-dir.ts';
import { packageDomainSpec } from './package-geometry.ts';

/** The model domain of a package directory: revision from its files, geometry read on demand. */
export async function packageDirSpec(
  dir: string,
  city: Pick<CityDefinition, 'boundary'>,
): Promise<CityDomainSpec> {
  const files = await readPackageDir(dir);
  const manifest = JSON.parse(files['city.json'] ?? '{}');
  // the package's measured weather year drives its reference year (docs/cities.md)
  return packageDomainSpec(
    { manifest, boundary: city.boundary, weatherEpw: files['weather.epw'] ?? null },
    packageRevision(files),
    () => readPackageDir(dir),
  );
}

/** the model domains of the shipped packages (data/cities/) for the given registry entries */
export function embeddedCitySpecs(cities: readonly CityDefinition[]): Promise<CityDomainSpec[]> {
  const dir = embeddedCitiesDir();
  return Promise.all(
    cities.filter((c) => c.source === 'embedded').map((c) => packageDirSpec(join(dir, c.id), c)),
  );
}
