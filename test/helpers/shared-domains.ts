import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedCitySpecs } from '../../src/adapters/cities/embedded.ts';
import { loadNationalClimate } from '../../src/adapters/cities/national-climate.ts';
import type { CellSeries, DomainId } from '../../src/domain/grid/model-data.ts';
import { ModelEngine } from '../../src/model/embedded/compute/engine.ts';
import { createEmbeddedModel, loadDomains } from '../../src/model/embedded/index.ts';
import type { Morphology } from '../../src/model/embedded/morphology/morphology.ts';
import { MODEL_SEED, MODEL_VERSION } from '../../src/model/embedded/version.ts';
import type { MicroclimateModel } from '../../src/model/microclimate-model.ts';
import { EMBEDDED_REGISTRY } from './embedded-cities.ts';

/**
 * Test files share one morphology cache per model version under the system temp
 * directory: the first file to run generates it, the others load it.
 */
export const SHARED_DATA_DIR = join(tmpdir(), `svc-model-test-${MODEL_VERSION}`);

let loaded: Promise<Map<DomainId, Morphology>> | undefined;
export function sharedDomains(): Promise<Map<DomainId, Morphology>> {
  loaded ??= embeddedCitySpecs(EMBEDDED_REGISTRY.cities).then((cities) =>
    loadDomains(SHARED_DATA_DIR, cities, loadNationalClimate()),
  );
  return loaded;
}

export async function sharedEngine(): Promise<{ engine: ModelEngine; domains: Map<DomainId, Morphology> }> {
  const domains = await sharedDomains();
  return { engine: new ModelEngine(domains, MODEL_SEED), domains };
}

/** the embedded model with `workers` threads over the shared morphology cache (close it after) */
export async function sharedEmbeddedModel(workers: number): Promise<MicroclimateModel> {
  return createEmbeddedModel({
    dataDir: SHARED_DATA_DIR,
    workers,
    cities: await embeddedCitySpecs(EMBEDDED_REGISTRY.cities),
    climate: loadNationalClimate(),
  });
}

/** a point's reference year from `model` and from an in-process engine, to compare */
export async function referenceYearBothWays(
  model: MicroclimateModel,
  point: { lat: number; lon: number },
): Promise<{ viaModel: CellSeries; inProcess: CellSeries }> {
  const cell = model.locate('brussels', point.lat, point.lon)!.cell;
  const [viaModel] = await model.series('brussels', [cell], { kind: 'reference' });
  const { engine } = await sharedEngine();
  const [inProcess] = engine.series('brussels', [cell], { kind: 'reference' });
  return { viaModel: viaModel!, inProcess: inProcess! };
}
