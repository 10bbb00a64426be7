import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_FILES, type PackageFiles } from '../../domain/coverage/city-package/package.ts';

/** The files of a city package directory (absent files are left out). */
export async function readPackageDir(dir: string): Promise<PackageFiles> {
  const files: PackageFiles = {};
  for (const name of PACKAGE_FILES) {
    try {
      files[name] = await readFile(join(dir, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
}

/** a package's revision: a digest of its files, names and contents */
export function packageRevision(files: PackageFiles): string {
  const hash = createHash('sha256');
  for (const name of PACKAGE_FILES) {
    const text = files[name];
    if (text === undefined) continue;
    hash.update(`${name}\0${text.length}\0`);
    hash.update(text);
  }
  return hash.digest('hex').slice(0, 16);
}
