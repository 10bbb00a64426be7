import type { Kysely } from 'kysely';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from '../../model/port.ts';
import type { Database } from '../store/schema.ts';
import { packageDomainSpec } from './package-geometry.ts';
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
    // until the composition root hands over the service's logger (the CLI keeps this one)
    log: (message, error) =>
      process.stderr.write(`${message}${error instanceof Error ? `: ${error.message}` : ''}\n`),
  };
}
