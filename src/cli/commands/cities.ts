import { parseArgs } from 'node:util';
import { loadEmbeddedCities } from '../../adapters/cities/embedded-packages.ts';
import { loadNationalClimate } from '../../adapters/cities/national-climate.ts';
import {
  packageRevision,
  readPackageDir,
  UnreadablePackageError,
} from '../../adapters/cities/package-dir.ts';
import { validatedPackageSpec } from '../../adapters/cities/package-geometry.ts';
import type { CityPackageStore } from '../../adapters/cities/package-store.ts';
import type { TallBuildingMatch } from '../../adapters/cities/tall-buildings.ts';
import { MAX_POSITIONS } from '../../domain/coverage/city-package/limits.ts';
import {
  formatPackageError,
  type PackageFiles,
  validateCityPackage,
} from '../../domain/coverage/city-package/package.ts';
import { EpwFormatError, parseEpw } from '../../model/embedded/meteo/epw.ts';
import { cityDomainInfo } from '../../model/embedded/morphology/domains.ts';
import { loadOrBuildCity, loadOrGenerateNational } from '../../model/embedded/morphology/store.ts';
import { UsageError } from './keys.ts';

/**
 * `cities import DIR | import-osm FILE.osm.pbf --manifest city.json --boundary boundary.geojson
 * | list | remove ID` (docs/cities.md). An import validates everything first, rasterises
 * the city to the model grid (cached under DATA_DIR, so running instances load it
 * without computing it again), then stores the package in one statement; running
 * instances pick it up at their next poll (CITIES_POLL_MS, 15 s).
 */
export class InvalidPackageError extends Error {}

/**
 * The refusal of a package: one problem is one line (file, rule, fix, and that nothing
 * changed); several are one line each, then the count.
 */
function refusal(lines: string[]): InvalidPackageError {
  if (lines.length === 1) return new InvalidPackageError(`${lines[0]}; nothing was imported`);
  return new InvalidPackageError(
    `${lines.join('\n')}\nthe package has ${lines.length} errors; nothing was imported`,
  );
}

/** a refusal for the files' problems, anything else as it is */
async function refusingUnreadable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnreadablePackageError) throw refusal(error.lines);
    throw error;
  }
}

export interface CitiesCommandDeps {
  store: CityPackageStore;
  /** where the model's rasters are cached (MODEL_DIR, default DATA_DIR) */
  modelDir: string;
  clock: () => number;
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * brings the gazetteer in line with the stored packages' addresses (after an import or a
   * removal; running instances share the database, so they answer with them at once)
   */
  refreshAddresses?: () => Promise<void>;
}

const USAGE =
  'usage: cities import DIR | cities import-osm FILE.osm.pbf --manifest city.json --boundary boundary.geojson [--planned-boundary FILE] [--weather FILE.epw] [--heights FILE.json] [--out DIR] | cities list | cities remove ID';

export async function runCitiesCommand(argv: string[], deps: CitiesCommandDeps): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'import') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError(USAGE);
    return importPackage(await refusingUnreadable(() => readPackageDir(positionals[0]!)), deps);
  }
  if (sub === 'import-osm') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        manifest: { type: 'string' },
        boundary: { type: 'string' },
        out: { type: 'string' },
        'planned-boundary': { type: 'string' },
        weather: { type: 'string' },
        heights: { type: 'string' },
        edits: { type: 'string' },
      },
    });
    if (positionals.length !== 1 || !values.manifest || !values.boundary) throw new UsageError(USAGE);
    const { packageFromOsm } = await import('../../adapters/cities/osm-extract.ts');
    const { readHeightRules } = await import('../../adapters/cities/height-rule.ts');
    const started = deps.clock();
    const heights = values.heights ? await readHeightRules(values.heights) : undefined;
    const { readMapEdits } = await import('../../adapters/cities/map-edits.ts');
    const edits = values.edits ? await readMapEdits(values.edits) : undefined;
    const built = await refusingUnreadable(() =>
      packageFromOsm(positionals[0]!, {
        manifestPath: values.manifest!,
        boundaryPath: values.boundary!,
        outDir: values.out,
        plannedBoundaryPath: values['planned-boundary'],
        weatherPath: values.weather,
        heightRule: heights?.rule,
        tallBuildings: heights?.tallBuildings,
        edits,
      }),
    );
    deps.err(
      `read ${built.summary.ways} ways in ${((deps.clock() - started) / 1000).toFixed(1)} s: ` +
        `${built.summary.buildings} buildings, ${built.summary.roads} roads, ${built.summary.landcover} land-cover areas` +
        (built.summary.droppedHeights
          ? `, ${built.summary.droppedHeights} unreadable heights left to the levels/default`
          : '') +
        (built.summary.droppedLong
          ? `, ${built.summary.droppedLong} rings or lines over ${MAX_POSITIONS} positions left out`
          : '') +
        tallBuildingsLine(built.summary.tallBuildings) +
        (built.summary.roadEdits.length
          ? `, ${built.summary.roadEdits.reduce((n, e) => n + e.roads, 0)} roads changed by ${built.summary.roadEdits.length} edits since the extract`
          : '') +
        (built.summary.estimatedDistricts
          ? `, ${built.summary.estimatedDistricts} districts mapped too sparsely: built share estimated (districts.geojson)`
          : '') +
        `, ${built.summary.streets} streets, ${built.summary.addresses} addresses and ${built.summary.interpolations} interpolation lines for the gazetteer` +
        (built.outDir ? `; package written to ${built.outDir}` : ''),
    );
    return importPackage(built.files, deps);
  }
  if (sub === 'list') return listCities(deps);
  if (sub === 'remove') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError(USAGE);
    const id = positionals[0]!;
    const removed = await deps.store.remove(id);
    const shipped = loadEmbeddedCities().some((c) => c.id === id);
    if (!removed) {
      throw new InvalidPackageError(
        shipped
          ? `city '${id}' is shipped with the service and was not imported over; there is nothing to remove`
          : `no imported city '${id}' (see: cities list)`,
      );
    }
    await deps.refreshAddresses?.();
    deps.out(JSON.stringify({ id, removed: true, reverts_to: shipped ? 'embedded' : null }));
    return;
  }
  throw new UsageError(USAGE);
}

/** ", 15 tall buildings at their sourced heights (2 not in the extract: …)" */
function tallBuildingsLine(matches: readonly TallBuildingMatch[]): string {
  if (matches.length === 0) return '';
  const missing = matches.filter((m) => m.replaced === null).map((m) => m.name);
  const placed = matches.length - missing.length;
  return (
    `, ${placed} tall buildings at their sourced heights` +
    (missing.length ? ` (${missing.length} not in the extract: ${missing.join('; ')})` : '')
  );
}

async function importPackage(files: PackageFiles, deps: CitiesCommandDeps): Promise<void> {
  const started = deps.clock();
  const result = validateCityPackage(files);
  if (!result.ok) throw refusal(result.errors.map(formatPackageError));
  const { city } = result;
  if (city.weatherEpw !== null) {
    try {
      parseEpw(city.weatherEpw);
    } catch (error) {
      const line = error instanceof EpwFormatError && error.line !== null ? ` line ${error.line}` : '';
      throw refusal([`weather.epw${line}: [epw-format] ${(error as Error).message}`]);
    }
  }
  const revision = packageRevision(files);
  const spec = validatedPackageSpec(city, revision);
  // rasterise before storing: the instances find the rasters cached, and a failure stores nothing
  const national = (await loadOrGenerateNational(deps.modelDir, loadNationalClimate())).morphology;
  await loadOrBuildCity(deps.modelDir, spec, national);
  const importedAt = deps.clock();
  await deps.store.put(city.manifest.id, revision, files, importedAt);
  await deps.refreshAddresses?.();
  const { grid } = cityDomainInfo(spec);
  deps.out(
    JSON.stringify({
      id: city.manifest.id,
      revision,
      buildings: city.buildings.length,
      roads: city.roads.length,
      landcover: city.landcover.length,
      grid: { cols: grid.cols, rows: grid.rows, resolution_m: spec.resolutionM },
      imported_at: new Date(importedAt).toISOString(),
      seconds: Math.round((importedAt - started) / 100) / 10,
    }),
  );
}

async function listCities(deps: CitiesCommandDeps): Promise<void> {
  const imported = await deps.store.list();
  const importedIds = new Set(imported.map((c) => c.id));
  const rows: unknown[] = loadEmbeddedCities()
    .filter((c) => !importedIds.has(c.id))
    .map((c) => ({ id: c.id, name: c.name, source: 'embedded', products: c.products, metrics: c.metrics }));
  for (const c of imported) {
    const manifest = JSON.parse(c.manifest) as { name: string; products: unknown; metrics: unknown };
    rows.push({
      id: c.id,
      name: manifest.name,
      source: 'imported',
      products: manifest.products,
      metrics: manifest.metrics,
      revision: c.revision,
      imported_at: new Date(c.importedAt).toISOString(),
    });
  }
  deps.out(JSON.stringify(rows));
}
