import type { PackageFiles } from '../../../domain/coverage/city-package/package.ts';
import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import { runOneShotProcess } from '../../../runtime/one-shot-process.ts';
import type { CityClimate } from './generate-city.ts';
import type { Morphology } from './morphology.ts';
import { readCached } from './morphology-cache.ts';

export interface CityBuildInput {
  info: DomainInfo;
  /**
   * the package: its files, or its archive (city-package/archive.ts), unpacked in the
   * build's process, so that the server never parses the package text
   */
  package: { files: PackageFiles } | { archive: Uint8Array };
  /** the nationwide grid's climate at the city's centre, for what the package leaves out */
  nationalClimate: CityClimate;
  /** where the rasters are written (MODEL_DIR's cache, morphology-cache.ts), and under which name */
  cache: { dataDir: string; name: string };
}

/**
 * How long a city's build may take before its process is killed: many times what the
 * largest package measured takes (`node --import tsx bench/cities-import.ts`; docs/operations.md,
 * "Cities"), so only a build that will never finish reaches this. Without it, such a build would
 * leave the city watcher's change pending forever, and no later import or removal would
 * be picked up until a restart.
 */
export const CITY_BUILD_DEADLINE_MS = 300_000;

/**
 * A build is background work: on a busy machine it yields the cores to the server's event
 * loop and compute threads (and their garbage collectors' helpers), and takes longer.
 */
const BUILD_NICENESS = 10;

/**
 * Builds a city's rasters from its package in a child process (build-city-child.ts), which
 * writes them to the cache; they are read back here straight into the shared buffer the
 * model's threads use. A thread in this process did the same work, sharing with the event
 * loop the garbage collector's helper threads that collected its hundreds of MB of heap,
 * the allocator and a full-priority core; the loop showed long gaps on a loaded CI
 * machine (docs/cities.md, "What an instance does on a city change", for what is measured
 * since). The process runs niced, ends with the build, and all of its memory with it.
 * `signal` kills it (a shutdown).
 */
export async function buildCityInProcess(
  input: CityBuildInput,
  options: { deadlineMs?: number; signal?: AbortSignal } = {},
): Promise<Morphology> {
  const what = `the rasters of ${input.info.id}`;
  await runOneShotProcess<{ rectCount: number }>(import.meta.url, 'build-city-child', {
    what,
    input,
    deadlineMs: options.deadlineMs ?? CITY_BUILD_DEADLINE_MS,
    nice: BUILD_NICENESS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const built = await readCached(input.cache.dataDir, input.cache.name, input.info);
  if (!built) throw new Error(`${what}: built, but not found in ${input.cache.dataDir}'s model cache`);
  return built;
}
