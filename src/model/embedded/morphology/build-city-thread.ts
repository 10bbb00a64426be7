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
 * How long a city's build may take before its thread is stopped: Brussels takes ~2 s of
 * one core on a fast machine and ~6 s on a slow one, so only a thread that will never
 * finish reaches this. Without it, such a thread would leave the city watcher's change
 * pending forever, and no later import or removal would be picked up until a restart.
 */
export const CITY_BUILD_DEADLINE_MS = 300_000;

/**
 * Builds a city's rasters from its package on a new thread (build-city-worker.ts), so that
 * a server loading a city it has no cached rasters for (a new import, another machine's
 * MODEL_DIR) keeps answering meanwhile: ~0.6 s of validation and reading and ~1.5 s of
 * rasterising for Brussels, which the event loop used to spend in one stretch.
 */
export function buildCityInThread(
  input: CityBuildInput,
  deadlineMs: number = CITY_BUILD_DEADLINE_MS,
): Promise<Morphology> {
  return new Promise((resolve, reject) => {
    const thread = startModuleThread(import.meta.url, 'build-city-worker', { workerData: input });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => {
      settle(() =>
        reject(new Error(`the rasters of ${input.info.id} were not built within ${deadlineMs / 1000} s`)),
      );
      void thread.terminate();
    }, deadlineMs);
    thread.once('message', (built: MorphologyTransfer) => settle(() => resolve(attachMorphology(built))));
    thread.once('error', (error) => settle(() => reject(error)));
    thread.once('exit', (code) =>
      settle(() => reject(new Error(`the city build thread for ${input.info.id} exited with code ${code}`))),
    );
  });
}
