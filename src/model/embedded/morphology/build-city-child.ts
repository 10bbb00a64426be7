import { unpackPackageFiles } from '../../../domain/coverage/city-package/archive.ts';
import { geometryFromFiles } from '../../../domain/coverage/city-package/model-geometry.ts';
import { serveOneShot } from '../../../runtime/one-shot-child.ts';
import type { CityBuildInput } from './build-city-process.ts';
import { cityFromGeometry, withClimateDefaults } from './generate-city.ts';
import { writeCached } from './morphology-cache.ts';

/**
 * One city's rasters, built in a process of its own (build-city-process.ts): the package
 * unpacked, validated and read, the grid rasterised, the morphology derived and written to
 * the model cache, where the server reads it. A failure (an invalid package) is the
 * process's error.
 */
serveOneShot(async ({ info, package: source, nationalClimate, cache }: CityBuildInput) => {
  const geometry = geometryFromFiles('files' in source ? source.files : unpackPackageFiles(source.archive));
  const morphology = cityFromGeometry(info, geometry, withClimateDefaults(geometry, nationalClimate));
  await writeCached(cache.dataDir, cache.name, morphology);
  return { rectCount: morphology.rectCount };
});
