import { parentPort, workerData } from 'node:worker_threads';
import { geometryFromFiles } from '../../../domain/coverage/city-package/model-geometry.ts';
import type { CityBuildInput } from './build-city-thread.ts';
import { cityFromGeometry, withClimateDefaults } from './generate-city.ts';
import { transferOf } from './morphology.ts';

/**
 * One city's rasters, built on a thread of their own: the package validated and read, the
 * grid rasterised and the morphology derived. The result lives in a shared buffer, so
 * handing it back copies nothing. A failure (an invalid package) is the thread's error.
 */
const { info, files, nationalClimate } = workerData as CityBuildInput;
const geometry = geometryFromFiles(files);
const morphology = cityFromGeometry(info, geometry, withClimateDefaults(geometry, nationalClimate));
parentPort!.postMessage(transferOf(morphology));
