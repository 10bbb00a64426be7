import type { Kysely } from 'kysely';
import { formatPackageError, validateCityPackage } from '../../domain/coverage/city-package/package.ts';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from '../../model/port.ts';
import type { Database } from '../store/schema.ts';
import { packageDomainSpec, packageGeometry } from './package-geometry.ts';
import { createCityPackageStore } from './package-store.ts';
import type { CitySources } from './port.ts';

/** Where the cities come from: the shipped packages and the database of imported ones. */
export function citySources(
  db: Kysely<Database>,
  embedded: readonly CityDefinition[],
  embeddedSpecs: readonly CityDomainSpec[],
): CitySources {
  return {
    imported: createCityPackageStore(db),
    embedded,
    embeddedSpecs,
    toSpec: packageDomainSpec,
    toGeometry(files) {
      const result = validateCityPackage(files);
      if (!result.ok) throw new Error(result.errors.map(formatPackageError).join('; '));
      return packageGeometry(result.city);
    },
    // until the composition root hands over the service's logger (the CLI keeps this one)
    log: (message, error) =>
      process.stderr.write(`${message}${error instanceof Error ? `: ${error.message}` : ''}\n`),
  };
}
