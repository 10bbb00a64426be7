import { createHash } from 'node:crypto';
import { lstat, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { FILE_SIZE_FIX, MAX_FILE_BYTES } from '../../domain/coverage/city-package/limits.ts';
import {
  formatPackageError,
  PACKAGE_FILES,
  type PackageError,
  type PackageFiles,
} from '../../domain/coverage/city-package/package.ts';
import { readRegularText } from './regular-file.ts';

/**
 * Reading a city package directory as an operator hands it over: only regular files, each
 * within its size limit (docs/cities.md), and a symbolic link only when it stays inside
 * the directory (a link to /etc/passwd is refused before anything is read from it).
 */
export class UnreadablePackageError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** The files of a city package directory (absent files are left out); throws UnreadablePackageError. */
export async function readPackageDir(dir: string): Promise<PackageFiles> {
  const root = await realpath(dir).catch(() => null);
  if (root === null || !(await stat(root)).isDirectory())
    throw new UnreadablePackageError([
      `${dir}: [package-dir] is not a directory; give the directory that holds city.json`,
    ]);
  const files: PackageFiles = {};
  const errors: PackageError[] = [];
  for (const name of PACKAGE_FILES) {
    const read = await readPackageFile(root, name);
    if (read === undefined) continue;
    if (typeof read === 'string') files[name] = read;
    else errors.push(read);
  }
  if (errors.length > 0) throw new UnreadablePackageError(errors.map(formatPackageError));
  return files;
}

async function readPackageFile(
  root: string,
  name: (typeof PACKAGE_FILES)[number],
): Promise<string | PackageError | undefined> {
  const refuse = (failed: string): PackageError => {
    const colon = failed.indexOf(': ');
    return { file: name, feature: null, rule: failed.slice(0, colon), message: failed.slice(colon + 2) };
  };
  let path = join(root, name);
  try {
    if ((await lstat(path)).isSymbolicLink()) {
      let target: string;
      try {
        target = await realpath(path);
      } catch {
        return refuse('file-link: a symbolic link to nothing; put the file itself in its place');
      }
      if (!target.startsWith(root + sep))
        return refuse(
          'file-outside: a symbolic link out of the package directory; copy the file into the package',
        );
      path = target;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return refuse(`file-readable: cannot be examined (${(error as NodeJS.ErrnoException).code}); check it`);
  }
  const read = await readRegularText(path, {
    maxBytes: MAX_FILE_BYTES[name],
    tooLarge: FILE_SIZE_FIX[name],
    followLinks: false,
  });
  return read.ok ? read.text : refuse(read.failed);
}

/**
 * a package's revision: a digest of its files, names and contents; addresses.geojson
 * feeds only the gazetteer (which keeps its own digest of it), so a package's addresses
 * do not make the model rasterise its geometry again
 */
export function packageRevision(files: PackageFiles): string {
  const hash = createHash('sha256');
  for (const name of PACKAGE_FILES) {
    const text = files[name];
    if (text === undefined || name === 'addresses.geojson') continue;
    hash.update(`${name}\0${text.length}\0`);
    hash.update(text);
  }
  return hash.digest('hex').slice(0, 16);
}
