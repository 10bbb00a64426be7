import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DomainInfo } from '../../../domain/grid/model-data.ts';
import { MODEL_VERSION } from '../version.ts';
import { domainCentre } from './domains.ts';
import { planLayout } from './layout.ts';
import { attachMorphology, type Morphology } from './morphology.ts';

/**
 * Morphology cache under DATA_DIR/model/<version>/: one binary file per domain (the
 * shared buffer byte for byte) and a small JSON header. The nationwide grid is named
 * `belgium`; a city is named by its id and geometry revision, so a re-imported city
 * never reads its old rasters. Written to a temporary name then renamed, so concurrent
 * processes (another instance, a city's build process) never read a half-written file.
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

/** the cached rasters of `name`, or null (none, another version, the wrong size) */
export async function readCached(
  dataDir: string,
  name: string,
  info: DomainInfo,
): Promise<Morphology | null> {
  const dir = cacheDir(dataDir);
  try {
    const header = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Header;
    const expected = planLayout(info.grid.cols * info.grid.rows, header.rectCount).bytes;
    if (header.version !== MODEL_VERSION || header.bytes !== expected) return null;
    const buffer = new SharedArrayBuffer(expected);
    // read straight into the shared buffer by the file system's threads: a city's tens of
    // MB are neither held twice nor copied on the event loop
    const file = await open(join(dir, `${name}.bin`));
    try {
      if ((await file.stat()).size !== expected) return null;
      const view = new Uint8Array(buffer);
      for (let offset = 0; offset < expected; ) {
        const { bytesRead } = await file.read(view, offset, expected - offset, offset);
        if (bytesRead === 0) return null;
        offset += bytesRead;
      }
    } finally {
      await file.close();
    }
    return attachMorphology({ info, centre: domainCentre(info), buffer, rectCount: header.rectCount });
  } catch {
    return null; // no usable cache: the caller generates
  }
}

export async function writeCached(dataDir: string, name: string, morphology: Morphology): Promise<void> {
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
