import type { CityDefinition } from '../domain/coverage/vocabulary.ts';
import type { CityDomainSpec, ModelCityDomains } from './city-domains-port.ts';
import type { CitySources, LoadedCity } from './city-sources-port.ts';

export type { CitySources, ImportedCitySource, LoadedCity } from './city-sources-port.ts';

/**
 * Which cities the service covers: the shipped packages, overridden or extended by the
 * packages an operator imported (kept in the database). `loadCities` reads them once;
 * `watchCities` polls the imported cities' revisions and applies a change without a
 * restart, reading only the packages whose revision changed (each in a process of its own:
 * the event loop never parses a package). A city is never listed before the model can
 * answer for it, and the model keeps a removed city's domain until the requests that
 * found it listed are done.
 */
export interface CitySet {
  /** the imported cities this set was built from, by id */
  imported: ReadonlyMap<string, ImportedEntry>;
  definitions: CityDefinition[];
  specs: CityDomainSpec[];
}

interface ImportedEntry {
  revision: string;
  /** null: the stored package is not valid (logged once, read again when it changes) */
  city: Extract<LoadedCity, { ok: true }> | null;
}

type ImportedRow = { id: string; revision: string };

/** the city set for these rows, reading only the packages `previous` does not hold at their revision */
async function assembleCities(
  sources: CitySources,
  rows: readonly ImportedRow[],
  previous: CitySet | null,
): Promise<CitySet> {
  const imported = new Map<string, ImportedEntry>();
  for (const row of rows) {
    const known = previous?.imported.get(row.id);
    if (known?.revision === row.revision) {
      imported.set(row.id, known);
      continue;
    }
    const loaded = await sources.imported.load(row.id, row.revision);
    if (!loaded) continue; // replaced or removed meanwhile: the next poll sees what became of it
    if (!loaded.ok) sources.log?.(`imported city ${row.id} is not valid: ${loaded.problems}`);
    imported.set(row.id, { revision: row.revision, city: loaded.ok ? loaded : null });
  }
  const cities = [...imported.values()].flatMap((entry) => (entry.city ? [entry.city] : []));
  const importedIds = new Set(cities.map((c) => c.definition.id));
  return {
    imported,
    definitions: [
      ...sources.embedded.filter((c) => !importedIds.has(c.id)),
      ...cities.map((c) => c.definition),
    ],
    specs: [...sources.embeddedSpecs.filter((s) => !importedIds.has(s.id)), ...cities.map((c) => c.spec)],
  };
}

export async function loadCities(sources: CitySources): Promise<CitySet> {
  return assembleCities(sources, await sources.imported.list(), null);
}

function sameRevisions(rows: readonly ImportedRow[], set: CitySet): boolean {
  return (
    rows.length === set.imported.size && rows.every((r) => set.imported.get(r.id)?.revision === r.revision)
  );
}

export interface CityWatcher {
  /** checks the imported cities now; true when the set changed */
  refresh(): Promise<boolean>;
  close(): void;
}

export interface WatchOptions {
  /** how often the imported cities' revisions are read */
  intervalMs: number;
  /**
   * how long the model keeps a removed city's domain after the catalogue stopped listing
   * it: at least as long as a request that found the city listed may still call the model
   * (the compute deadline), so that none of them meets a half-removed city
   */
  retireAfterMs: number;
  /** where the catalogue's new list goes (the registry holder, LiveCities.replace) */
  publish(definitions: readonly CityDefinition[]): void;
}

export function watchCities(
  sources: CitySources,
  model: ModelCityDomains,
  initial: CitySet,
  options: WatchOptions,
): CityWatcher {
  let current = initial;
  /** domains the catalogue no longer lists and the model still holds, until when */
  const retiring = new Map<string, { spec: CityDomainSpec; until: number }>();
  let retireTimer: NodeJS.Timeout | undefined;
  const modelSpecs = () => [
    ...current.specs,
    ...[...retiring.values()]
      .map((r) => r.spec)
      .filter((spec) => !current.specs.some((s) => s.id === spec.id)),
  ];

  async function check(): Promise<boolean> {
    const rows = await sources.imported.list();
    const changed = !sameRevisions(rows, current);
    if (changed) {
      const next = await assembleCities(sources, rows, current);
      const leavingAt = Date.now() + options.retireAfterMs;
      for (const spec of current.specs)
        if (!next.specs.some((s) => s.id === spec.id)) retiring.set(spec.id, { spec, until: leavingAt });
      for (const spec of next.specs) retiring.delete(spec.id);
      const previous = current;
      current = next;
      try {
        // the model first: it answers for every city the catalogue is about to list (and
        // still for those it is about to stop listing) ...
        await model.setCities(modelSpecs());
      } catch (error) {
        current = previous;
        throw error;
      }
      // ... then the catalogue: new cities appear, removed ones are no longer found
      options.publish(next.definitions);
    }
    await retireDue();
    return changed;
  }

  /** drops from the model the removed cities whose time is up; schedules the next drop */
  async function retireDue(): Promise<void> {
    const now = Date.now();
    const due = [...retiring].filter(([, r]) => r.until <= now).map(([id]) => id);
    if (due.length > 0) {
      for (const id of due) retiring.delete(id);
      await model.setCities(modelSpecs());
    }
    clearTimeout(retireTimer);
    if (retiring.size === 0) return;
    const next = Math.min(...[...retiring.values()].map((r) => r.until));
    retireTimer = setTimeout(() => void refresh().catch(logFailure), Math.max(0, next - Date.now()));
    retireTimer.unref();
  }

  let running: Promise<boolean> | null = null;
  const refresh = () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
  const logFailure = (error: unknown) =>
    sources.log?.('city refresh failed; retrying at the next poll', error);
  const timer = setInterval(() => refresh().catch(logFailure), options.intervalMs);
  timer.unref();
  return {
    refresh,
    close: () => {
      clearInterval(timer);
      clearTimeout(retireTimer);
    },
  };
}
