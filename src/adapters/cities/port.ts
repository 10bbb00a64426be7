import type { cityDefinition } from '../../domain/coverage/city-package/definition.ts';
import type { PackageFiles } from '../../domain/coverage/city-package/package.ts';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from '../../model/port.ts';

/**
 * Where the city catalog (services/city-catalog.ts) reads cities from: the imported
 * packages in the database and the shipped ones (sources.ts builds it).
 */
export interface ImportedCitySource {
  list(): Promise<Array<{ id: string; revision: string }>>;
  files(id: string, revision: string): Promise<PackageFiles | null>;
}

export interface CitySources {
  imported: ImportedCitySource;
  embedded: readonly CityDefinition[];
  embeddedSpecs: readonly CityDomainSpec[];
  /** the model's view of a validated package (adapters/cities/package-geometry) */
  toSpec(
    city: {
      manifest: Parameters<typeof cityDefinition>[0];
      boundary: CityDefinition['boundary'];
      weatherEpw: string | null;
    },
    revision: string,
    /** the package's files, read when the model needs them */
    files: () => Promise<PackageFiles>,
  ): CityDomainSpec;
  log?: (message: string, error?: unknown) => void;
}
