import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CityDomainSpec, DomainInfo } from '../../port.ts';
import { cellAt } from '../grid/geometry.ts';
import { parseEpw } from '../meteo/epw.ts';
import { MODEL_VERSION } from '../version.ts';
import { buildCityInThread } from './build-city-thread.ts';
import { cityDomainInfo, domainCentre, nationalDomainInfo } from './domains.ts';
import { type CityClimate, cityFromGeometry, withClimateDefaults } from './generate-city.ts';
import { planLayout } from './layout.ts';
import { attachMorphology, type Morphology } from './morphology.ts';
import { generateNational } from './national.ts';

/**
 * Morphology cache under DATA_DIR/model/<version>/: one binary file per domain (the
 * shared buffer byte for byte) and a small JSON header. The nationwide grid is named
 * `belgium`; a city is named by its id and geometry revision, so a re-imported city
 * never reads its old rasters. Generated on first use, read back later; written to a
 * temporary name then renamed, so concurrent processes never read a half-written file.
 */
interface Header {
  version: string;
  domain: string;
  rectCount: number;
  bytes: number;
}

export function cacheDir(dataDir: string): string {
  return join(dataDir, 'model', MODEL_VERSION);
}

async function readCached(dataDir: string, name: string, info: DomainInfo): Promise<Morphology | null> {
  const dir = cacheDir(dataDir);
  try {
    const header = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Header;
    const expected = planLayout(info.grid.cols * info.grid.rows, header.rectCount).bytes;
    if (header.version !== MODEL_VERSION || header.bytes !== expected) return null;
    const bytes = await readFile(join(dir, `${name}.bin`));
    if (bytes.byteLength !== expected) return null;
    const buffer = new SharedArrayBuffer(expected);
    new Uint8Array(buffer).set(bytes);
    return attachMorphology({ info, centre: domainCentre(info), buffer, rectCount: header.rectCount });
  } catch {
    return null; // no usable cache: the caller generates
  }
}

async function writeCached(dataDir: string, name: string, morphology: Morphology): Promise<void> {
  const dir = cacheDir(dataDir);
  await mkdir(dir, { recursive: true });
  const suffix = `${process.pid}-${Date.now()}`;
  const binPath = join(dir, `${name}.bin`);
  const headerPath = join(dir, `${name}.json`);
  await writeFile(`${binPath}.${suffix}`, new Uint8Array(morphology.buffer));
  await rename(`${binPath}.${suffix}`, binPath);
  const header: Header = {
    version: MODEL_VERSION,
    domain: morphology.info.id,
    rectCount: morphology.rectCount,
    bytes: morphology.buffer.byteLength,
  };
  await writeFile(`${headerPath}.${suffix}`, JSON.stringify(header));
  await rename(`${headerPath}.${suffix}`, headerPath);
}

export function cityCacheName(spec: Pick<CityDomainSpec, 'id' | 'revision'>): string {
  return `city-${spec.id}-${spec.revision}`;
}

export async function loadOrGenerateNational(
  dataDir: string,
): Promise<{ morphology: Morphology; generated: boolean }> {
  const info = nationalDomainInfo();
  const cached = await readCached(dataDir, info.id, info);
  if (cached) return { morphology: cached, generated: false };
  const morphology = generateNational(info);
  await writeCached(dataDir, info.id, morphology);
  return { morphology, generated: true };
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
): Promise<{ morphology: Morphology; generated: boolean }> {
  const info = cityDomainInfo(spec);
  const name = cityCacheName(spec);
  // the weather is not cached with the rasters: parsing 8760 rows takes milliseconds
  const weather = spec.referenceWeatherEpw ? { referenceWeather: parseEpw(spec.referenceWeatherEpw) } : {};
  const cached = await readCached(dataDir, name, info);
  if (cached) return { morphology: { ...cached, ...weather }, generated: false };
  const nationalClimate = nationalClimateAt(national, domainCentre(info));
  // a package's files are validated, read and rasterised off the event loop; a geometry
  // given as such (tests, and the CLI's import, which has just validated it) here
  const morphology = spec.packageFiles
    ? await buildCityInThread({ info, files: await spec.packageFiles(), nationalClimate })
    : await spec.geometry().then((g) => cityFromGeometry(info, g, withClimateDefaults(g, nationalClimate)));
  await writeCached(dataDir, name, morphology);
  return { morphology: { ...morphology, ...weather }, generated: true };
}
