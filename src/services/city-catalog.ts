import type { CitySources } from '../adapters/cities/port.ts';
import { replaceCities } from '../domain/coverage/cities.ts';
import { cityDefinition } from '../domain/coverage/city-package/definition.ts';
import { formatPackageError, validateCityPackage } from '../domain/coverage/city-package/package.ts';
import type { CityDefinition } from '../domain/coverage/vocabulary.ts';
import type { CityDomainSpec, MicroclimateModel } from '../model/port.ts';

export type { CitySources, ImportedCitySource } from '../adapters/cities/port.ts';

/**
 * Which cities the service covers: the shipped packages, overridden or extended by the
 * packages an operator imported (kept in the database). `loadCities` reads them once;
 * `watchCities` polls the imported cities' revisions and, when they change, hands the
 * model its new city domains and then swaps the registry, so that a city is never
 * listed before the model can answer for it. No restart.
 */
export interface CitySet {
  /** the imported cities' ids and revisions this set was built from */
  signature: string;
  definitions: CityDefinition[];
  specs: CityDomainSpec[];
}

const EMPTY_BUILDINGS = '{"type":"FeatureCollection","features":[]}';

export async function loadCities(sources: CitySources): Promise<CitySet> {
  const rows = await sources.imported.list();
  const imported: Array<{ definition: CityDefinition; spec: CityDomainSpec }> = [];
  for (const row of rows) {
    const files = await sources.imported.files(row.id, row.revision);
    if (!files) continue; // replaced meanwhile: the next poll sees the new revision
    // the outline is enough for the registry; the geometry was validated at import
    const outline = validateCityPackage({ ...files, 'buildings.geojson': EMPTY_BUILDINGS });
    if (!outline.ok) {
      sources.log?.(
        `imported city ${row.id} is not valid: ${outline.errors.map(formatPackageError).join('; ')}`,
      );
      continue;
    }
    const { manifest, boundary, plannedBoundary, weatherEpw } = outline.city;
    const readFiles = async () => {
      const current = await sources.imported.files(row.id, row.revision);
      if (!current) throw new Error(`city ${row.id} revision ${row.revision} is gone`);
      return current;
    };
    imported.push({
      definition: cityDefinition(manifest, boundary, plannedBoundary, 'imported'),
      spec: sources.toSpec({ manifest, boundary, weatherEpw }, row.revision, readFiles),
    });
  }
  const importedIds = new Set(imported.map((c) => c.definition.id));
  const embedded = sources.embedded.filter((c) => !importedIds.has(c.id));
  const embeddedSpecs = sources.embeddedSpecs.filter((s) => !importedIds.has(s.id));
  return {
    signature: rows.map((r) => `${r.id}@${r.revision}`).join(','),
    definitions: [...embedded, ...imported.map((c) => c.definition)],
    specs: [...embeddedSpecs, ...imported.map((c) => c.spec)],
  };
}

export interface CityWatcher {
  /** checks the imported cities now; true when the set changed */
  refresh(): Promise<boolean>;
  close(): void;
}

export function watchCities(
  sources: CitySources,
  model: MicroclimateModel,
  initial: CitySet,
  intervalMs: number,
): CityWatcher {
  let signature = initial.signature;
  let running: Promise<boolean> | null = null;
  async function check(): Promise<boolean> {
    const rows = await sources.imported.list();
    if (rows.map((r) => `${r.id}@${r.revision}`).join(',') === signature) return false;
    const next = await loadCities(sources);
    await model.setCities(next.specs);
    replaceCities(next.definitions);
    signature = next.signature;
    return true;
  }
  const refresh = () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    refresh().catch((error: unknown) =>
      sources.log?.('city refresh failed; retrying at the next poll', error),
    );
  }, intervalMs);
  timer.unref();
  return { refresh, close: () => clearInterval(timer) };
}
