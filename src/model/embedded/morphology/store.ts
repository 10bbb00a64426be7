import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DomainId } from '../../port.ts';
import { MODEL_VERSION } from '../version.ts';
import { domainCentre, domainInfo } from './domains.ts';
import { generateCity } from './generate-city.ts';
import { planLayout } from './layout.ts';
import { attachMorphology, type Morphology } from './morphology.ts';
import { generateNational } from './national.ts';
import { BRUSSELS_PLAN } from './plans/brussels.ts';
import { CHARLEROI_PLAN } from './plans/charleroi.ts';

/**
 * Morphology cache under DATA_DIR/model/<version>/: one binary file per domain (the
 * shared buffer byte for byte) and a small JSON header. Generated on first start,
 * read back on later starts; written to a temporary name then renamed, so concurrent
 * processes never read a half-written file.
 */
interface Header {
  version: string;
  domain: DomainId;
  rectCount: number;
  bytes: number;
}

export function generateDomain(id: DomainId): Morphology {
  const info = domainInfo(id);
  if (id === 'brussels') return generateCity(info, BRUSSELS_PLAN, { urbanIndex: 1, taOffsetC: 0 });
  // Charleroi: a smaller urban background; about 40 m higher than Uccle and inland
  if (id === 'charleroi') return generateCity(info, CHARLEROI_PLAN, { urbanIndex: 0.72, taOffsetC: -0.25 });
  return generateNational(info);
}

export function cacheDir(dataDir: string): string {
  return join(dataDir, 'model', MODEL_VERSION);
}

export async function loadOrGenerate(
  dataDir: string,
  id: DomainId,
): Promise<{ morphology: Morphology; generated: boolean }> {
  const dir = cacheDir(dataDir);
  const headerPath = join(dir, `${id}.json`);
  const binPath = join(dir, `${id}.bin`);
  try {
    const header = JSON.parse(await readFile(headerPath, 'utf8')) as Header;
    const info = domainInfo(id);
    const expected = planLayout(info.grid.cols * info.grid.rows, header.rectCount).bytes;
    if (header.version === MODEL_VERSION && header.bytes === expected) {
      const bytes = await readFile(binPath);
      if (bytes.byteLength === expected) {
        const buffer = new SharedArrayBuffer(expected);
        new Uint8Array(buffer).set(bytes);
        return {
          morphology: attachMorphology({
            info,
            centre: domainCentre(info),
            buffer,
            rectCount: header.rectCount,
          }),
          generated: false,
        };
      }
    }
  } catch {
    // no usable cache: generate below
  }
  const morphology = generateDomain(id);
  await mkdir(dir, { recursive: true });
  const suffix = `${process.pid}-${Date.now()}`;
  await writeFile(`${binPath}.${suffix}`, new Uint8Array(morphology.buffer));
  await rename(`${binPath}.${suffix}`, binPath);
  const header: Header = {
    version: MODEL_VERSION,
    domain: id,
    rectCount: morphology.rectCount,
    bytes: morphology.buffer.byteLength,
  };
  await writeFile(`${headerPath}.${suffix}`, JSON.stringify(header));
  await rename(`${headerPath}.${suffix}`, headerPath);
  return { morphology, generated: true };
}
