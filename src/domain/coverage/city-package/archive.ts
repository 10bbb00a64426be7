import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzipSync } from 'node:zlib';
import type { PackageFiles } from './package.ts';

/**
 * A city package as one byte string: its files as JSON, gzipped. This is how the store
 * keeps an imported package (one row, one value), and how the package crosses to a
 * thread: bytes are transferred without a copy, so reading a package's text (long, for a
 * large package) happens where it is unpacked, never on the event loop.
 */
export function packPackageFiles(files: PackageFiles): Uint8Array {
  return gzipSync(JSON.stringify(files));
}

export function unpackPackageFiles(archive: Uint8Array): PackageFiles {
  return JSON.parse(gunzipSync(archive).toString('utf8')) as PackageFiles;
}

/** The same, decompressing on zlib's thread pool; only the JSON parse runs on the caller's thread. */
export async function unpackPackageFilesAsync(archive: Uint8Array): Promise<PackageFiles> {
  return JSON.parse((await promisify(gunzip)(archive)).toString('utf8')) as PackageFiles;
}

/**
 * The archive in an ArrayBuffer of its own, to be transferred: as it is when it spans its
 * buffer (the store reads it into one), else a copy, since a driver's Buffer may be a view
 * into a larger pooled allocation, which must not move to another thread.
 */
export function transferableArchive(archive: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = archive;
  return buffer instanceof ArrayBuffer && archive.byteOffset === 0 && archive.byteLength === buffer.byteLength
    ? (archive as Uint8Array<ArrayBuffer>)
    : new Uint8Array(archive);
}
