import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bundled starter set, data/gazetteer/starter.csv, found from this module whether it
 * runs from src/ (tsx) or dist/src/ (built): the nearest ancestor holding the file.
 */
const RELATIVE = join('data', 'gazetteer', 'starter.csv');

export function starterFilePath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`bundled gazetteer ${RELATIVE} not found above ${import.meta.url}`);
    dir = parent;
  }
}

export function readStarterFile(path = starterFilePath()): { text: string; version: string } {
  const text = readFileSync(path, 'utf8');
  return { text, version: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
