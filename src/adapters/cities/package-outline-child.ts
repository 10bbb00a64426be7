import { unpackPackageFiles } from '../../domain/coverage/city-package/archive.ts';
import { formatPackageError, validateCityPackage } from '../../domain/coverage/city-package/package.ts';
import { serveOneShot } from '../../runtime/one-shot-child.ts';
import type { PackageOutline } from './package-outline-process.ts';

/**
 * A stored package's outline, read in a process of its own: the archive unpacked and every
 * file but the buildings validated (the outline is all the registry needs; the geometry
 * was validated at import and is read again only by the model's build process).
 */
const EMPTY_BUILDINGS = '{"type":"FeatureCollection","features":[]}';

serveOneShot(({ archive }: { archive: Uint8Array }): PackageOutline => {
  const files = unpackPackageFiles(archive);
  const checked = validateCityPackage({ ...files, 'buildings.geojson': EMPTY_BUILDINGS });
  return checked.ok
    ? {
        ok: true,
        manifest: checked.city.manifest,
        boundary: checked.city.boundary,
        plannedBoundary: checked.city.plannedBoundary,
        weatherEpw: checked.city.weatherEpw,
      }
    : { ok: false, problems: checked.errors.map(formatPackageError).join('; ') };
});
