import type { PackageFiles } from '../../../domain/coverage/city-package/package.ts';
import { startModuleThread } from '../../../runtime/module-thread.ts';
import type { DomainInfo } from '../../port.ts';
import type { CityClimate } from './generate-city.ts';
import { attachMorphology, type Morphology, type MorphologyTransfer } from './morphology.ts';

export interface CityBuildInput {
  info: DomainInfo;
  files: PackageFiles;
  /** the nationwide grid's climate at the city's centre, for what the package leaves out */
  nationalClimate: CityClimate;
}

/**
 * Builds a city's rasters from its package on a new thread (build-city-worker.ts), so that
 * a server loading a city it has no cached rasters for (a new import, another machine's
 * MODEL_DIR) keeps answering meanwhile: ~0.6 s of validation and reading and ~1.5 s of
 * rasterising for Brussels, which the event loop used to spend in one stretch.
 */
export function buildCityInThread(input: CityBuildInput): Promise<Morphology> {
  return new Promise((resolve, reject) => {
    const thread = startModuleThread(import.meta.url, 'build-city-worker', { workerData: input });
    let settled = false;
    thread.once('message', (built: MorphologyTransfer) => {
      settled = true;
      resolve(attachMorphology(built));
    });
    thread.once('error', (error) => {
      settled = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!settled) reject(new Error(`the city build thread for ${input.info.id} exited with code ${code}`));
    });
  });
}
