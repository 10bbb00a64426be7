import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cityDefinition } from '../../domain/coverage/city-package/definition.ts';
import {
  formatPackageError,
  type PackageFiles,
  validateCityPackage,
} from '../../domain/coverage/city-package/package.ts';
import { type CityRegistry, cityRegistry } from '../../domain/coverage/registry.ts';
import type { CityDefinition } from '../../domain/coverage/vocabulary.ts';

/**
 * The city packages shipped with the service (data/cities/<id>/), read for the
 * registry: their manifests and outlines only (small files, read synchronously once);
 * the model reads their geometry itself when it has no cached rasters.
 */
export function embeddedCitiesDir(): string {
  // from src/adapters/cities (tsx) or dist/src/adapters/cities (compiled) to the repository
  return new URL('../../../data/cities/', import.meta.url).pathname.replace('/dist/', '/');
}

const OUTLINE_FILES = ['city.json', 'boundary.geojson', 'planned_boundary.geojson'] as const;

export function loadEmbeddedCities(dir = embeddedCitiesDir()): CityDefinition[] {
  if (!existsSync(dir)) return [];
  const cities: CityDefinition[] = [];
  for (const id of readdirSync(dir).sort()) {
    if (!existsSync(join(dir, id, 'city.json'))) continue;
    const files: PackageFiles = { 'buildings.geojson': '{"type":"FeatureCollection","features":[]}' };
    for (const name of OUTLINE_FILES) {
      const path = join(dir, id, name);
      if (existsSync(path)) files[name] = readFileSync(path, 'utf8');
    }
    const result = validateCityPackage(files);
    if (!result.ok)
      throw new Error(`embedded city ${id}: ${result.errors.map(formatPackageError).join('; ')}`);
    const { manifest, boundary, plannedBoundary } = result.city;
    cities.push(cityDefinition(manifest, boundary, plannedBoundary, 'embedded'));
  }
  // Brussels first: the service's reference city
  return cities.sort((a, b) => Number(b.id === 'brussels') - Number(a.id === 'brussels'));
}

/**
 * A registry of the shipped packages alone, for code without a composition root
 * (commands, scripts, tests): the service's own registry also holds the imported ones.
 */
export function embeddedRegistry(dir = embeddedCitiesDir()): CityRegistry {
  return cityRegistry(loadEmbeddedCities(dir));
}
