import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The secrets behind signed tile URLs. Configured secrets win (every instance of a
 * scaled-out deployment must share them); otherwise one is generated on first start
 * into DATA_DIR/tile-signing.key, readable by the service user only. Either way the
 * first secret signs and all verify, so an operator rotates by putting a new secret
 * first (a new first line in the file) and dropping the old one once its URLs expired.
 */
export const SECRET_FILE = 'tile-signing.key';

export async function loadSigningSecrets(opts: {
  dataDir: string;
  configured: readonly string[];
}): Promise<Buffer[]> {
  if (opts.configured.length > 0) return opts.configured.map((s) => Buffer.from(s, 'utf8'));
  const path = join(opts.dataDir, SECRET_FILE);
  const existing = await readSecrets(path);
  if (existing) return existing;
  await mkdir(opts.dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process created it first; then that one's secret is the secret
    const handle = await open(path, 'wx', 0o600);
    await handle.writeFile(`${generated}\n`, 'utf8');
    await handle.close();
    await chmod(path, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const written = await readSecrets(path);
  if (!written) throw new Error(`could not read the tile-signing secret back from ${path}`);
  return written;
}

async function readSecrets(path: string): Promise<Buffer[] | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) return null;
  return lines.map((l) => Buffer.from(l, 'utf8'));
}
