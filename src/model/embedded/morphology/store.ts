import type { PackageFiles } from '../../../domain/coverage/city-package/package.ts';
import type { NationalClimate } from '../../../domain/coverage/national-climate.ts';
import type { CityDomainSpec } from '../../../services/city-domains-port.ts';
import { cellAt } from '../grid/geometry.ts';
import { cityClimate, domainClimate } from '../meteo/domain-climate.ts';
import { parseScreenedEpw } from '../meteo/screened-epw.ts';
import { buildCityInProcess } from './build-city-process.ts';
import { cityDomainInfo, domainCentre, nationalDomainInfo } from './domains.ts';
import { type CityClimate, cityFromGeometry, withClimateDefaults } from './generate-city.ts';
import type { Morphology } from './morphology.ts';
import { readCached, writeCached } from './morphology-cache.ts';
import { generateNational } from './national.ts';

export { cacheDir } from './morphology-cache.ts';

/**
 * The nationwide grid and the cities' rasters, read from the model cache
 * (morphology-cache.ts) or generated, then cached: the nationwide grid here, a city
 * from its package in a process of its own (build-city-process.ts). A city is cached by
 * its id and geometry revision, so a re-imported city never reads its old rasters.
 */
export function cityCacheName(spec: Pick<CityDomainSpec, 'id' | 'revision'>): string {
  return `city-${spec.id}-${spec.revision}`;
}

/**
 * The nationwide grid, in the national climate (data/national/climate.json, handed down
 * by the caller): its reference year runs on the descriptor's weather file, and every
 * domain's weather on its normals; the national civil clock is the grid's own and that of
 * a city whose spec names no time zone.
 */
export async function loadOrGenerateNational(
  dataDir: string,
  climate: NationalClimate,
): Promise<{ morphology: Morphology; generated: boolean }> {
  const info = nationalDomainInfo();
  // the weather is not cached with the rasters (as a city's weather.epw)
  const weather = {
    referenceWeather: parseScreenedEpw(climate.referenceWeatherEpw),
    climate: domainClimate(climate),
  };
  const cached = await readCached(dataDir, info.id, info);
  if (cached) return { morphology: { ...cached, ...weather }, generated: false };
  const morphology = generateNational(info);
  await writeCached(dataDir, info.id, morphology);
  return { morphology: { ...morphology, ...weather }, generated: true };
}

/** the nationwide grid's climate at a city's centre: the city's where its package gives none */
export function nationalClimateAt(national: Morphology, centre: { lat: number; lon: number }): CityClimate {
  const cell = cellAt(national.info.grid, centre.lat, centre.lon);
  return {
    urbanIndex: cell < 0 ? 0.5 : national.rasters.urbanIndex[cell]!,
    taOffsetC: cell < 0 ? 0 : national.rasters.taOffsetC[cell]!,
  };
}

export async function loadOrBuildCity(
  dataDir: string,
  spec: CityDomainSpec,
  national: Morphology,
  /** aborting kills a build under way (a shutdown) */
  signal?: AbortSignal,
): Promise<{ morphology: Morphology; generated: boolean }> {
  const info = cityDomainInfo(spec);
  const name = cityCacheName(spec);
  // the weather is not cached with the rasters: parsing 8760 rows takes milliseconds; a
  // city's weather is generated in the nation's climate, its cycles on the city's clock
  const weather = {
    ...(spec.referenceWeatherEpw ? { referenceWeather: parseScreenedEpw(spec.referenceWeatherEpw) } : {}),
    ...(national.climate ? { climate: cityClimate(national.climate, spec.timeZone) } : {}),
  };
  const cached = await readCached(dataDir, name, info);
  if (cached) return { morphology: { ...cached, ...weather }, generated: false };
  const nationalClimate = nationalClimateAt(national, domainCentre(info));
  // a package is unpacked, validated, read, rasterised and cached in a process of its
  // own; a geometry given as such (tests, and the CLI's import, which has just validated it) here
  const inProcess = async (source: { files: PackageFiles } | { archive: Uint8Array }) =>
    buildCityInProcess(
      { info, package: source, nationalClimate, cache: { dataDir, name } },
      signal ? { signal } : {},
    );
  let morphology: Morphology;
  if (spec.packageArchive) morphology = await inProcess({ archive: await spec.packageArchive() });
  else if (spec.packageFiles) morphology = await inProcess({ files: await spec.packageFiles() });
  else {
    const geometry = await spec.geometry();
    morphology = cityFromGeometry(info, geometry, withClimateDefaults(geometry, nationalClimate));
    await writeCached(dataDir, name, morphology);
  }
  return { morphology: { ...morphology, ...weather }, generated: true };
}
