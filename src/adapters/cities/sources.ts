import type { Kysely } from 'kysely';
import { cityDefinition } from '../../domain/coverage/city-package/definition.ts';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from '../../services/city-domains-port.ts';
import type { CitySources } from '../../services/city-sources-port.ts';
import type { Database } from '../store/schema.ts';
import { archivedPackageSpec } from './package-geometry.ts';
import { readPackageOutline } from './package-outline-process.ts';
import { createCityPackageStore } from './package-store.ts';

/**
 * Where the cities come from: the shipped packages and the database of imported ones. An
 * imported city is read from its archive in a process; the event loop holds only its
 * outline, and the model's build process reads its geometry from the archive again.
 */
export function citySources(
  db: Kysely<Database>,
  embedded: readonly CityDefinition[],
  embeddedSpecs: readonly CityDomainSpec[],
): CitySources {
  const store = createCityPackageStore(db);
  return {
    imported: {
      list: () => store.list(),
      async load(id, revision) {
        const archive = await store.archive(id, revision);
        if (!archive) return null;
        const outline = await readPackageOutline(archive, `city ${id}`);
        if (!outline.ok) return outline;
        const loadArchive = async () => {
          const current = await store.archive(id, revision);
          if (!current) throw new Error(`city ${id} revision ${revision} is gone`);
          return current;
        };
        return {
          ok: true,
          definition: cityDefinition(outline.manifest, outline.boundary, outline.plannedBoundary, 'imported'),
          spec: archivedPackageSpec(outline, revision, loadArchive),
        };
      },
    },
    embedded,
    embeddedSpecs,
    // until the composition root hands over the service's logger (the CLI keeps this one)
    log: (message, error) =>
      process.stderr.write(`${message}${error instanceof Error ? `: ${error.message}` : ''}\n`),
  };
}
