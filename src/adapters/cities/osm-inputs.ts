import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { LonLat } from '../../domain/coverage/city-package/geometry.ts';
import { FILE_SIZE_FIX, MAX_FILE_BYTES } from '../../domain/coverage/city-package/limits.ts';
import { formatPackageError, validateZone } from '../../domain/coverage/city-package/package.ts';
import { UnreadablePackageError } from './package-dir.ts';
import { openRegularFile, readRegularText } from './regular-file.ts';

/**
 * The inputs of `cities import-osm`, checked before the extract is read: the manifest and
 * the boundary (the zone validated as the import will, so that a bad one is refused before
 * minutes of reading), and the extract opened as a regular file whose first bytes are a
 * PBF block header. Every failure is one line naming the file, the rule and the fix.
 */
export interface OsmInputs {
  manifest: string;
  boundary: string;
  zone: LonLat[];
  extract: FileHandle;
}

/** OSM PBF: a block header is at most 64 KiB (the format's own bound) */
const MAX_BLOB_HEADER_BYTES = 64 * 1024;

export const PBF_REFUSAL =
  'osm-pbf: the file is not a readable OpenStreetMap PBF extract (empty, truncated or corrupt); download the extract again and check its checksum';

export async function readOsmInputs(
  pbfPath: string,
  paths: { manifestPath: string; boundaryPath: string },
): Promise<OsmInputs> {
  const named = (path: string, as: string) => (basename(path) === as ? path : `${path} (${as})`);
  const manifest = await readRegularText(paths.manifestPath, {
    maxBytes: MAX_FILE_BYTES['city.json'],
    tooLarge: FILE_SIZE_FIX['city.json'],
    followLinks: true,
  });
  if (!manifest.ok) throw refusal(named(paths.manifestPath, 'city.json'), manifest.failed);
  const boundaryName = named(paths.boundaryPath, 'boundary.geojson');
  const boundary = await readRegularText(paths.boundaryPath, {
    maxBytes: MAX_FILE_BYTES['boundary.geojson'],
    tooLarge: FILE_SIZE_FIX['boundary.geojson'],
    followLinks: true,
  });
  if (!boundary.ok) throw refusal(boundaryName, boundary.failed);
  const zone = validateZone('boundary.geojson', boundary.text);
  if (!zone.ok)
    throw new UnreadablePackageError(
      zone.errors.map((e) => formatPackageError(e).replace(/^boundary\.geojson/, boundaryName)),
    );
  // an extract is streamed, never held: a country's is any size
  const opened = await openRegularFile(pbfPath, {
    maxBytes: Number.POSITIVE_INFINITY,
    tooLarge: '',
    followLinks: true,
  });
  if (!opened.ok) throw refusal(pbfPath, opened.failed);
  const head = Buffer.alloc(4);
  const { bytesRead } = await opened.handle.read(head, 0, 4, 0);
  const headerLength = bytesRead === 4 ? head.readUInt32BE(0) : 0;
  if (headerLength === 0 || headerLength > MAX_BLOB_HEADER_BYTES) {
    await opened.handle.close();
    throw refusal(pbfPath, PBF_REFUSAL);
  }
  return { manifest: manifest.text, boundary: boundary.text, zone: zone.ring, extract: opened.handle };
}

/** A package file given beside the extract (`--planned-boundary`, `--weather`), copied as it is. */
export async function readOsmInput(path: string, as: keyof typeof MAX_FILE_BYTES): Promise<string> {
  const read = await readRegularText(path, {
    maxBytes: MAX_FILE_BYTES[as],
    tooLarge: FILE_SIZE_FIX[as],
    followLinks: true,
  });
  if (!read.ok) throw refusal(basename(path) === as ? path : `${path} (${as})`, read.failed);
  return read.text;
}

export function refusal(file: string, failed: string): UnreadablePackageError {
  const colon = failed.indexOf(': ');
  return new UnreadablePackageError([`${file}: [${failed.slice(0, colon)}] ${failed.slice(colon + 2)}`]);
}
