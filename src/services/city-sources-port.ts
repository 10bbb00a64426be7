import type { CityDefinition } from '../domain/coverage/vocabulary.ts';
import type { CityDomainSpec } from './city-domains-port.ts';

/**
 * Where the city catalog (services/city-catalog.ts) reads cities from: the imported
 * packages in the database and the shipped ones (adapters/cities/sources.ts builds it).
 */
export interface ImportedCitySource {
  /** every imported city's id and revision (a digest of its files): cheap enough to poll */
  list(): Promise<Array<{ id: string; revision: string }>>;
  /**
   * one imported city at one revision: its registry entry and its model domain, read and
   * checked off the event loop; null when that revision is gone (replaced or removed)
   */
  load(id: string, revision: string): Promise<LoadedCity | null>;
}

export type LoadedCity =
  | { ok: true; definition: CityDefinition; spec: CityDomainSpec }
  /** the stored package no longer passes validation (e.g. a rule added since its import) */
  | { ok: false; problems: string };

export interface CitySources {
  imported: ImportedCitySource;
  embedded: readonly CityDefinition[];
  embeddedSpecs: readonly CityDomainSpec[];
  log?: (message: string, error?: unknown) => void;
}
