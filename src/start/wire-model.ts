import { embeddedCitySpecs } from '../adapters/cities/embedded.ts';
import { loadEmbeddedCities } from '../adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../adapters/cities/national-climate.ts';
import { citySources } from '../adapters/cities/sources.ts';
import { instrumentModel } from '../adapters/telemetry/model.ts';
import { unpackPackageFilesAsync } from '../domain/coverage/city-package/archive.ts';
import { createEmbeddedModel } from '../model/embedded/index.ts';
import { loadCities } from '../services/city-catalog.ts';
import type { CityDomainSpec, ModelCityDomains } from '../services/city-domains-port.ts';
import { LiveCities } from '../services/live-cities.ts';
import type { Foundation } from './foundation.ts';

/**
 * The cities (the shipped packages plus the imported ones, docs/cities.md) and the model
 * that computes them. Every model path (services, feeds, reference years, city watcher)
 * goes through the instrumented model (timing and tracing, a no-op when off); only the
 * start-up work uses the raw one, so its exercises do not count as traffic.
 */
export async function wireCitiesAndModel({ config, overrides, stores, telemetry, closers }: Foundation) {
  const embedded = loadEmbeddedCities();
  const sources = citySources(stores.database.db, embedded, await embeddedCitySpecs(embedded));
  const cities = await loadCities(sources);
  // the registry every request reads: this holder is its one mutable place; the watcher
  // swaps in a new registry on an import or removal
  const liveCities = new LiveCities(cities.definitions);
  const nationalClimate = loadNationalClimate();
  const rawModel =
    overrides.model ??
    (await createEmbeddedModel({
      dataDir: config.modelDir,
      workers: config.modelWorkers,
      cities: cities.specs,
      climate: nationalClimate,
    }));
  const model = instrumentModel(rawModel, telemetry);
  closers.computing.push({ name: 'model threads', dependency: 'model', close: () => model.close() });
  // the city packages the model holds now: the start-up set, then as the watcher changes it
  let citySpecs: readonly CityDomainSpec[] = cities.specs;
  // the watcher hands the model its city domains; the basemap reads the same list after it
  const cityDomains: ModelCityDomains = {
    async setCities(specs) {
      await model.setCities(specs);
      citySpecs = specs;
    },
  };
  const specOf = (id: string): CityDomainSpec | undefined => citySpecs.find((spec) => spec.id === id);
  // a city package's files as the model holds it, for the basemap and the report's map
  const packageOf = (id: string) => {
    const spec = specOf(id);
    if (!spec) return undefined;
    // an imported package comes packed (the store's archive): gunzipped on zlib's pool
    const files =
      spec.packageFiles ??
      (spec.packageArchive ? async () => unpackPackageFilesAsync(await spec.packageArchive!()) : undefined);
    return files ? { id, revision: spec.revision, files } : undefined;
  };
  return {
    sources,
    cities,
    liveCities,
    currentCities: liveCities.current,
    nationalClimate,
    rawModel,
    model,
    cityDomains,
    specOf,
    packageOf,
  };
}

export type CitiesAndModel = Awaited<ReturnType<typeof wireCitiesAndModel>>;
